import { useEffect, useState, type CSSProperties } from 'react';
import { observer } from 'mobx-react-lite';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Alarm, DeviceInfo, TunnelInfo } from '../../protocol';
import { usePanelData, type AckAlarmFn } from '../panelData';
import { useStores } from '../stores';
import { alarmTitle, formatBeijing, isShelved, LEVEL_COLOR, openActiveAlarms, rankLevel, ShelveDialog, useNotify, valueAgainstLimit, type ShelveAlarmsFn } from '../components';
import { foldFlood, nextUnshelveMs, recentAlarmCount, type FloodGroup, type FloodView } from './boardAlarms';

/** What a board shows about its alarms: the announced ones (active, untreated, not shelved) in triage order. */
export interface BoardAlarms {
  /** Active, untreated and not shelved, worst first (src/components/alarmRank compareAlarms). */
  open: Alarm[];
  /** The first of `open`, or null when the board is calm. */
  worst: Alarm | null;
  /** Those of `open` nobody has acknowledged yet: they keep the sound ringing. */
  unacked: Alarm[];
  /** The alarm colour the header takes (the worst alarm's level colour), or null. */
  color: string | null;
  /** Acknowledges alarms; null in replay. */
  ack: AckAlarmFn | null;
  /** Shelves alarms; null where the past is shown (replay). */
  shelve: ShelveAlarmsFn | null;
  /** Active, untreated alarms that are shelved (not announced). */
  shelved: number;
  /** New alarms in the last 10 minutes, and the flood folding when they are more than the board's rate; else null. */
  flood: (FloodView & { recent: number }) | null;
}

/**
 * The BoardAlarms of an alarm list at `nowMs` (ms since epoch): announced alarms, the shelved count and,
 * above `floodPer10Min` new alarms in 10 minutes (ISA-18.2), the flood folding of boardAlarms.ts.
 */
export function boardAlarmsOf(
  all: readonly Alarm[],
  nowMs: number,
  floodPer10Min: number,
  where: { deviceOf: (sn: string) => DeviceInfo | undefined; tunnels: readonly TunnelInfo[] },
  actions: { ack: AckAlarmFn | null; shelve: ShelveAlarmsFn | null },
): BoardAlarms {
  const active = openActiveAlarms(all);
  const open = active.filter((a) => !isShelved(a, nowMs));
  const worst = open[0] ?? null;
  const recent = recentAlarmCount(all, nowMs);
  return {
    open,
    worst,
    unacked: open.filter((a) => !a.ackedAtMs),
    color: worst ? LEVEL_COLOR[rankLevel(worst)] : null,
    ack: actions.ack,
    shelve: actions.shelve,
    shelved: active.length - open.length,
    flood: recent > floodPer10Min && open.length > 1 ? { recent, ...foldFlood(open, where.deviceOf, where.tunnels) } : null,
  };
}

/**
 * The board's alarms from its panel-data source (live: AlarmStore; replay: as of the instant). Every board
 * reads this whatever panels its page has, so an alarm shows on a page without an alarm feed. Re-renders
 * by itself when a shelved alarm's time ends.
 */
export function useBoardAlarms(floodPer10Min: number): BoardAlarms {
  const data = usePanelData();
  const feed = data.alarmFeed();
  const { alarms: store } = useStores();
  const nowMs = data.clock.now();
  useRerenderAt(data.mode === 'live' ? nextUnshelveMs(feed.alarms, nowMs) : null);
  return boardAlarmsOf(feed.alarms, nowMs, floodPer10Min, { deviceOf: (sn) => data.device(sn), tunnels: data.tunnels() }, {
    ack: feed.ack ?? null,
    shelve: data.mode === 'live' ? store.shelve.bind(store) : null,
  });
}

/**
 * The live alarms of the project while the board replays the past (null when live): they break through
 * the replay (docs/product.md "Alarm display"), read from the app's stores at the wall clock.
 */
export function useLiveAlarmsInReplay(replaying: boolean, floodPer10Min: number): BoardAlarms | null {
  const { alarms: store, devices, tunnels } = useStores();
  const nowMs = Date.now();
  useRerenderAt(replaying ? nextUnshelveMs(store.alarms, nowMs) : null);
  if (!replaying) return null;
  return boardAlarmsOf(store.alarms, nowMs, floodPer10Min, { deviceOf: (sn) => devices.get(sn), tunnels: tunnels.tunnels }, {
    ack: store.ack.bind(store),
    shelve: store.shelve.bind(store),
  });
}

/** Renders again at `atMs` (wall clock, ms since epoch); one timer, none for null. */
function useRerenderAt(atMs: number | null): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (atMs === null) return;
    // setTimeout holds at most 2^31 − 1 ms; a later time is re-checked then
    const id = setTimeout(() => setTick((n) => (n + 1) % 1_000_000), Math.min(2 ** 31 - 1, Math.max(0, atMs - Date.now() + 50)));
    return () => clearTimeout(id);
  }, [atMs]);
}

/** Most critical alarms and flood groups the banner lists in a flood (the rest: "+N more", in the alarm center). */
const FLOOD_LINES = 6;
/** On a screen lower than this (CSS px, 1366×768 and the like) a flood lists only its worst line. */
const SHORT_SCREEN_PX = 900;

/**
 * How many lines a flood lists on a screen `viewportHeightPx` high: {@link FLOOD_LINES}, or only the worst
 * on a short screen, where six lines took a third of a 1366×768 wall and shrank the board's text under
 * 12 px just when it must be read; the rest are counted ("+N more in the alarm center").
 */
export function floodLines(viewportHeightPx: number): number {
  return viewportHeightPx < SHORT_SCREEN_PX ? 1 : FLOOD_LINES;
}

/**
 * The alarm banner of a board (docs/product.md "Alarm display"): shown on every page, kiosk included, while
 * an alarm is announced (active, untreated, not shelved). It says how many and names the worst (what,
 * device, reading against its limit, when, repeats); Acknowledge silences every unacknowledged one; the
 * sound state is always visible and a click toggles it. In a flood it says so and lists the SOS, gas and
 * equipment-overload alarms one by one above the other alarms folded by kind and bore; an alarm or a
 * group (never an SOS) can be shelved. `live` marks the live alarms shown over a replay (LIVE, with a
 * button back to live at the alarm); `replayed` marks the replayed instant's banner.
 */
export const AlarmBanner = observer(function AlarmBanner({
  alarms,
  soundOn,
  onToggleSound,
  kiosk,
  live,
  replayed = false,
}: {
  alarms: BoardAlarms;
  soundOn: boolean;
  onToggleSound: () => void;
  kiosk: boolean;
  /** Live alarms over a replay: `onBack` leaves the replay and brings up the page of the alarm. */
  live?: { onBack: (alarm: Alarm) => void };
  replayed?: boolean;
}) {
  const { i18n, t } = useLingui();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [shelving, setShelving] = useState<{ title: string; alarms: Alarm[] } | null>(null);
  const groupCount = useGroupCount();
  const { worst, open, unacked, color, ack, shelve, shelved, flood } = alarms;
  if (!worst || !color) {
    // calm, but say what is shelved (live only: a replayed banner shows nothing then)
    return shelved > 0 && !replayed ? (
      <div data-alarm-banner-shelved style={{ flex: '0 0 auto', padding: '0.2em 1em', fontSize: 'clamp(14px, 0.9vw, 40px)', background: '#3f3f46', color: '#fff' }}>
        {live ? <LiveBadge /> : null} <Plural value={shelved} one="# shelved alarm" other="# shelved alarms" />
      </div>
    ) : null;
  }
  const count = open.length;
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
  const shelveButton = (title: string, list: Alarm[]) =>
    shelve && list.every((a) => a.kind !== 'sos') ? (
      <button type="button" style={{ ...button, fontSize: '0.75em' }} data-banner-shelve onClick={() => setShelving({ title, alarms: list })}>
        <Trans>Shelve</Trans>
      </button>
    ) : null;
  const sos = worst.kind === 'sos';
  const recent = flood?.recent ?? 0;
  const lines = floodLines(typeof window === 'undefined' ? Infinity : window.innerHeight);
  const shown = flood ? [...flood.critical.slice(0, lines)] : [];
  const groups = flood ? flood.groups.slice(0, Math.max(0, lines - shown.length)) : [];
  const more = flood ? flood.critical.length - shown.length + flood.groups.length - groups.length : 0;
  return (
    <div
      role="alert"
      data-alarm-banner={live ? 'live' : replayed ? 'replayed' : ''}
      data-alarm-count={count}
      data-worst-alarm-id={worst.alarmId}
      data-worst-kind={worst.kind}
      data-flood={flood ? flood.recent : undefined}
      className={sos ? 'sb-alarm-pulse' : undefined}
      style={{
        flex: '0 0 auto',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.2em',
        padding: '0.35em 1em',
        background: color,
        color: rankLevel(worst) === 'warning' && !sos ? '#1a1200' : '#fff',
        fontSize: 'clamp(18px, 1.15vw, 52px)',
        fontWeight: 600,
        lineHeight: 1.25,
        maxHeight: '45vh',
        overflowY: 'auto',
        zIndex: 2,
        outline: live ? '4px solid #fff' : undefined,
        outlineOffset: -4,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: '0.8em', flexWrap: 'wrap' }}>
        {live ? <LiveBadge /> : null}
        {replayed ? (
          <span data-banner-replayed style={{ ...button, background: 'rgba(0,0,0,0.35)', cursor: 'default' }}>
            <Trans>Replayed</Trans>
          </span>
        ) : null}
        <strong style={{ fontSize: '1.15em', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} data-banner-count>
          <Plural value={count} one="# active alarm" other="# active alarms" />
        </strong>
        {flood ? (
          <strong data-banner-flood style={{ whiteSpace: 'nowrap', background: 'rgba(0,0,0,0.35)', borderRadius: 6, padding: '0 0.5em' }}>
            <Trans>Alarm flood: {recent} new in 10 min</Trans>
          </strong>
        ) : (
          <>
            <span aria-hidden>·</span>
            <AlarmLine alarm={worst} />
            {shelveButton(alarmTitle(i18n, worst), [worst])}
          </>
        )}
        {shelved > 0 ? (
          <span data-banner-shelved style={{ whiteSpace: 'nowrap', opacity: 0.9 }}>
            <Trans>{shelved} shelved</Trans>
          </span>
        ) : null}
        <span style={{ flex: 1 }} />
        {live ? (
          <button type="button" style={{ ...button, background: '#fff', color: '#111' }} onClick={() => live.onBack(worst)} data-banner-back-live>
            <Trans>Back to live at this alarm</Trans>
          </button>
        ) : null}
        {ack && unacked.length > 0 ? (
          <button type="button" style={button} disabled={busy} onClick={() => void ackAll()} data-banner-ack>
            <Trans>Acknowledge ({unacked.length})</Trans>
          </button>
        ) : unacked.length === 0 ? (
          <span data-banner-acked style={{ whiteSpace: 'nowrap' }}>
            <Trans>Acknowledged</Trans>
          </span>
        ) : null}
        {replayed ? null : <SoundToggle on={soundOn} onToggle={onToggleSound} style={button} />}
        {kiosk ? null : (
          // a plain hash link: the board also renders outside a router (previews, tests)
          <a href="#/alarmCenter" style={{ ...button, textDecoration: 'none' }}>
            <Trans>Alarm center</Trans>
          </a>
        )}
      </div>
      {flood ? (
        <ul data-banner-flood-list style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '0.15em' }}>
          {shown.map((a, i) => (
            <li key={a.alarmId} data-flood-critical={a.kind} style={{ display: 'flex', gap: '0.6em', alignItems: 'baseline', flexWrap: 'wrap' }}>
              <AlarmLine alarm={a} />
              {shelveButton(alarmTitle(i18n, a), [a])}
              {/* a short screen's one line carries the count of the rest, so the banner stays two lines */}
              {lines === 1 && i === 0 && more > 0 ? (
                <span data-flood-more>
                  <Trans>+{more} more in the alarm center</Trans>
                </span>
              ) : null}
            </li>
          ))}
          {groups.map((g) => (
            <li key={g.key} data-flood-group style={{ display: 'flex', gap: '0.6em', alignItems: 'baseline', flexWrap: 'wrap', fontWeight: 500 }}>
              <GroupLine group={g} />
              {shelveButton(groupText(alarmTitle(i18n, g.worst), groupCount(g), g), g.alarms)}
            </li>
          ))}
          {more > 0 && !(lines === 1 && shown.length === 1) ? (
            <li data-flood-more>
              <Trans>+{more} more in the alarm center</Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
      {shelving && shelve ? (
        <ShelveDialog
          title={shelving.title}
          alarmIds={shelving.alarms.filter((a) => a.kind !== 'sos').map((a) => a.alarmId)}
          shelve={shelve}
          onClose={(done) => {
            if (done) notify('success', t`Shelved`);
            setShelving(null);
          }}
        />
      ) : null}
    </div>
  );
});

/** "LIVE": marks live alarms shown over a replayed board. */
function LiveBadge() {
  return (
    <strong data-live-badge style={{ background: '#fff', color: '#b91c1c', borderRadius: 4, padding: '0 0.4em', letterSpacing: 1, whiteSpace: 'nowrap' }}>
      <Trans>LIVE</Trans>
    </strong>
  );
}

/** One alarm on a line: what, repeats, device, reading against its limit, last seen. */
function AlarmLine({ alarm }: { alarm: Alarm }) {
  const { i18n } = useLingui();
  const reading = valueAgainstLimit(alarm);
  const repeats = alarm.repeatCount ?? 1;
  return (
    <span data-banner-worst style={{ display: 'flex', gap: '0.5em', flexWrap: 'wrap', alignItems: 'baseline', minWidth: 0 }}>
      <strong>{alarmTitle(i18n, alarm)}</strong>
      {repeats > 1 ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>×{repeats}</span> : null}
      <span>{alarm.deviceName}</span>
      {reading ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{reading}</span> : null}
      <time dateTime={new Date(alarm.raisedAtMs).toISOString()} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {formatBeijing(alarm.lastSeenMs ?? alarm.raisedAtMs, 'HH:mm:ss')}
      </time>
    </span>
  );
}

/** "Danger zone entry · 54 people · Left bore K13+100": a flood group in words, with `count` ("54 people") in the language. */
export function groupText(title: string, count: string, g: FloodGroup): string {
  const where = [g.bore, g.chainage].filter(Boolean).join(' ');
  return [title, count, where].filter(Boolean).join(' · ');
}

/** The count of a flood group in words: "54 people" for beacons, else "3 devices". */
function useGroupCount(): (g: FloodGroup) => string {
  const { t } = useLingui();
  return (g) => {
    const n = g.devices;
    return g.people ? t`${n} people` : t`${n} devices`;
  };
}

function GroupLine({ group }: { group: FloodGroup }) {
  const { i18n } = useLingui();
  const countOf = useGroupCount();
  return <span data-group-text>{groupText(alarmTitle(i18n, group.worst), countOf(group), group)}</span>;
}

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
