import { useState, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../protocol';
import { usePanelData, type AckAlarmFn } from '../panelData';
import { alarmTitle, formatBeijing, LEVEL_COLOR, openActiveAlarms, valueAgainstLimit } from '../components';

/** What a board shows about its alarms: the active, untreated ones in triage order. */
export interface BoardAlarms {
  /** Active and untreated, worst first (src/components/alarmText triageAlarms). */
  open: Alarm[];
  /** The first of `open`, or null when the board is calm. */
  worst: Alarm | null;
  /** Those of `open` nobody has acknowledged yet: they keep the sound ringing. */
  unacked: Alarm[];
  /** The alarm colour the header takes (the worst alarm's level colour), or null. */
  color: string | null;
  /** Acknowledges alarms; null in replay. */
  ack: AckAlarmFn | null;
}

/**
 * The board's alarms from its panel-data source (live: AlarmStore; replay: as of the instant). Every board
 * reads this whatever panels its page has, so an alarm shows on a page without an alarm feed.
 */
export function useBoardAlarms(): BoardAlarms {
  const feed = usePanelData().alarmFeed();
  const open = openActiveAlarms(feed.alarms);
  const worst = open[0] ?? null;
  return {
    open,
    worst,
    unacked: open.filter((a) => !a.ackedAtMs),
    color: worst ? LEVEL_COLOR[worst.peakLevel ?? worst.level] : null,
    ack: feed.ack ?? null,
  };
}

/** The header background while an alarm is open: the alarm colour, darkened towards the bottom. */
export function alarmHeaderBackground(color: string): string {
  return `linear-gradient(180deg, ${color}, color-mix(in srgb, ${color} 55%, #000))`;
}

/**
 * The alarm banner of a board (issue "alarm-first boards"): shown on every page, kiosk included, while an
 * alarm is active and untreated. It says how many and names the worst (what, device, reading against its
 * limit, when, repeats); Acknowledge silences every unacknowledged one (handling, in the alarm center or a
 * feed, clears the banner); the sound state is always visible and a click toggles it.
 */
export const AlarmBanner = observer(function AlarmBanner({
  alarms,
  soundOn,
  onToggleSound,
  kiosk,
}: {
  alarms: BoardAlarms;
  soundOn: boolean;
  onToggleSound: () => void;
  kiosk: boolean;
}) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const { worst, open, unacked, color, ack } = alarms;
  if (!worst || !color) return null;
  const count = open.length;
  const what = alarmTitle(i18n, worst);
  const reading = valueAgainstLimit(worst);
  const repeats = worst.repeatCount ?? 1;
  const sos = worst.kind === 'sos';
  const ackAll = async () => {
    if (!ack) return;
    setBusy(true);
    try {
      // sequential and bounded by the list the store holds; one already acknowledged elsewhere is skipped
      for (const a of unacked) await ack(a.alarmId).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  const button = {
    font: 'inherit',
    fontSize: '0.85em',
    fontWeight: 600,
    color: 'inherit',
    background: 'rgba(0,0,0,0.25)',
    border: '2px solid currentColor',
    borderRadius: 6,
    padding: '0.2em 0.8em',
    cursor: 'pointer',
    whiteSpace: 'nowrap' as const,
  };
  return (
    <div
      role="alert"
      data-alarm-banner
      data-alarm-count={count}
      data-worst-alarm-id={worst.alarmId}
      data-worst-kind={worst.kind}
      className={sos ? 'sb-alarm-pulse' : undefined}
      style={{
        flex: '0 0 auto',
        display: 'flex',
        alignItems: 'center',
        gap: '0.8em',
        flexWrap: 'wrap',
        padding: '0.35em 1em',
        background: color,
        color: worst.level === 'warning' && !sos ? '#1a1200' : '#fff',
        fontSize: 'clamp(18px, 1.15vw, 52px)',
        fontWeight: 600,
        lineHeight: 1.25,
        zIndex: 2,
      }}
    >
      <strong style={{ fontSize: '1.15em', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-banner-count>
        <Trans>{count} active alarm(s)</Trans>
      </strong>
      <span aria-hidden>·</span>
      <span data-banner-worst style={{ display: 'flex', gap: '0.5em', flexWrap: 'wrap', alignItems: 'baseline', minWidth: 0 }}>
        <strong>{what}</strong>
        {repeats > 1 ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>×{repeats}</span> : null}
        <span>{worst.deviceName}</span>
        {reading ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{reading}</span> : null}
        <time dateTime={new Date(worst.raisedAtMs).toISOString()} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatBeijing(worst.lastSeenMs ?? worst.raisedAtMs, 'HH:mm:ss')}
        </time>
      </span>
      <span style={{ flex: 1 }} />
      {ack && unacked.length > 0 ? (
        <button type="button" style={button} disabled={busy} onClick={() => void ackAll()} data-banner-ack>
          <Trans>Acknowledge ({unacked.length})</Trans>
        </button>
      ) : unacked.length === 0 ? (
        <span data-banner-acked style={{ whiteSpace: 'nowrap' }}>
          <Trans>Acknowledged</Trans>
        </span>
      ) : null}
      <SoundToggle on={soundOn} onToggle={onToggleSound} style={button} />
      {kiosk ? null : (
        // a plain hash link: the board also renders outside a router (previews, tests)
        <a href="#/alarmCenter" style={{ ...button, textDecoration: 'none' }}>
          <Trans>Alarm center</Trans>
        </a>
      )}
    </div>
  );
});

/** The sound switch of a board: its state in words (and an icon), a click toggles it. */
export function SoundToggle({ on, onToggle, style }: { on: boolean; onToggle: () => void; style?: CSSProperties }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      aria-pressed={on}
      data-sound={on ? 'on' : 'off'}
      title={on ? t`Alarm sound is on: click to mute` : t`Alarm sound is off: click to enable`}
      onClick={(e) => {
        e.stopPropagation();
        onToggle();
      }}
      style={style}
    >
      {on ? <Trans>Sound on</Trans> : <Trans>Sound off</Trans>}
    </button>
  );
}
