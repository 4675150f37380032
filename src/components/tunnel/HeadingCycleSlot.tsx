import { Trans } from '@lingui/react/macro';
import type { Heading, HeadingCycleState, TunnelInfo } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { HeadingStageView } from '../cycles/HeadingStageCard';
import { chainageOf } from './BoreProgress';

/**
 * One heading's box under its bore on the tunnel screen: its name, face and grade, and its drill-and-blast
 * stage as of `atMs` (docs/domain.md "Drill-and-blast cycle": stage and how it was identified, previous and
 * next, elapsed, rounds and footage today, with its face and grade) when the cycle state knows the
 * heading, else its face and grade.
 */
export function HeadingCycleSlot({ tunnel, heading, cycle, atMs }: { tunnel: TunnelInfo; heading: Heading; cycle: HeadingCycleState | undefined; atMs: number }) {
  return (
    <div data-heading-slot={heading.headingId} style={{ border: `1px solid ${SCREEN.panelBorder}`, padding: 12, fontSize: 16, display: 'grid', gap: 8 }}>
      <div style={{ fontWeight: 600, fontSize: 16 }}>{heading.name}</div>
      <div data-slot="heading-cycle" data-heading={heading.headingId}>
        {cycle ? (
          <HeadingStageView heading={cycle} atMs={atMs} startChainageM={tunnel.startChainageM} />
        ) : (
          <div style={{ opacity: 0.85 }}>
            <Trans>
              Face {chainageOf(tunnel, heading.faceM)} · grade {heading.rockGrade ?? '—'}
            </Trans>
          </div>
        )}
      </div>
    </div>
  );
}
