import { Trans } from '@lingui/react/macro';
import { SCREEN } from '../../components';
import { HEAT_CLASSES, heatColor } from '../../theme/personnelHeat';
import { VehicleIcon } from '../../components/vehicles';

const swatch = (background: string, h = 12) => ({ display: 'inline-block', width: 22, height: h, background, borderRadius: 2, verticalAlign: 'middle' });

/**
 * Legend of the personnel map (issue "legible from across the room"): what the heat strip's colours count
 * (people per `binM`-metre bin), what the bands in a bore are (second lining on top, invert below), and
 * the greyed dot of a silent tag still counted (underground.ts).
 * DOM text over the canvas, 20 page px, so it scales and reads like the rest of the board.
 */
export function PersonnelLegend({ binM, liningColor, invertColor }: { binM: number; liningColor: string; invertColor: string }) {
  return (
    <div
      data-legend="personnel"
      style={{
        position: 'absolute',
        top: 0,
        right: 8,
        display: 'flex',
        gap: 14,
        alignItems: 'center',
        fontSize: 20,
        padding: '2px 8px',
        borderRadius: 4,
        background: `color-mix(in srgb, ${SCREEN.panelBackground} 80%, transparent)`,
        pointerEvents: 'none',
      }}
    >
      <span>
        <Trans>People per {binM} m:</Trans>
      </span>
      {HEAT_CLASSES.map((c) => (
        <span key={c.label} style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          <span aria-hidden style={swatch(heatColor(c.count) ?? 'transparent')} />
          {c.label}
        </span>
      ))}
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        <span aria-hidden style={swatch(liningColor, 6)} />
        <Trans>Second lining</Trans>
      </span>
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        <span aria-hidden style={swatch(invertColor, 6)} />
        <Trans>Invert</Trans>
      </span>
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
        {/* as drawPeople draws a silent tag still counted: the dot at 40 % */}
        <span aria-hidden style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 5, background: 'currentColor', opacity: 0.4 }} />
        <Trans>No signal, counted at last fix</Trans>
      </span>
      <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }} data-legend-vehicle>
        <VehicleIcon size={16} />
        <Trans>Vehicle</Trans>
      </span>
    </div>
  );
}
