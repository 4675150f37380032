import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Combobox, Dropdown, Option, Switch, Tooltip } from '@fluentui/react-components';
import { LiveRegular, NextRegular, PauseFilled, PlayFilled, PreviousRegular } from '@fluentui/react-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { type ReplayHeatMode, type ReplaySource } from '../../panelData/ReplaySource';
import { useClockInstant } from '../../panelData';
import { ALARM_LEAD_MS, PLAYBACK_SPEEDS } from './timeRange';
import { followOptions } from './followOptions';

/** Most alarm markers drawn on the timeline (one per pixel column group; the rest share a marker). */
const MAX_MARKERS = 400;
/** Segments the activity shading of the timeline is drawn in. */
const ACTIVITY_SEGMENTS = 240;

/** Viewport width the bar is designed at; wider screens (4K walls) zoom it up, up to BAR_MAX_ZOOM. */
const BAR_DESIGN_WIDTH = 1920;
const BAR_MAX_ZOOM = 2.5;
/** Below this viewport width the timeline takes a row of its own above the buttons. */
const BAR_NARROW_WIDTH = 1600;

/** The viewport width, following resizes. */
function useViewportWidth(): number {
  const [w, setW] = useState(() => (typeof window === 'undefined' ? BAR_DESIGN_WIDTH : window.innerWidth));
  useEffect(() => {
    const on = () => setW(window.innerWidth);
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return w;
}

/**
 * The step of the step buttons and arrow keys for a range of `spanMs`: about 1/360 of the range, rounded
 * to 1 s, 10 s, 1 min, 5 min, 15 min, 1 h, 6 h or 1 day (a year's range steps a day).
 */
export function stepFor(spanMs: number): number {
  const steps = [1_000, 10_000, 60_000, 300_000, 900_000, 3_600_000, 6 * 3_600_000, 24 * 3_600_000];
  return steps.find((s) => s >= spanMs / 360) ?? steps[steps.length - 1];
}

/**
 * The playback bar of a board in replay (docs/operations.md "Replay"): play/pause, step back and
 * forward, speed 1×–600×, a timeline to drag (seek) with alarm markers (a click seeks ALARM_LEAD_MS before
 * the alarm) and shading where something happened, "skip quiet stretches", the person to follow and the
 * heat map's span, the instant in Beijing time, and Back to live. Sized for a wall screen (16 px text and
 * up, large controls).
 */
export const PlaybackBar = observer(function PlaybackBar({ source, onLive }: { source: ReplaySource; onLive: () => void }) {
  const { t } = useLingui();
  const clock = source.clock;
  const at = useClockInstant(250);
  const { fromMs, toMs } = clock;
  const span = Math.max(1, toMs - fromMs);
  const step = stepFor(span);
  // the ends of a range longer than a month name their year (a year's ends share month and day)
  const endFormat = span > 31 * 86_400_000 ? 'YYYY-MM-DD' : 'MM-DD HH:mm';
  const track = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const markers = useMemo(() => groupMarkers(source.allAlarms, fromMs, toMs), [source.allAlarms, fromMs, toMs]);
  const shading = useMemo(() => activitySegments(source.activity, source.activityBucketMs, fromMs, toMs), [source.activity, source.activityBucketMs, fromMs, toMs]);
  const speedLabel = (s: number) => `${s}×`;
  const heatLabels: Record<ReplayHeatMode, string> = { instant: t`Heat: at the instant`, window: t`Heat: last 30 minutes`, range: t`Heat: whole range` };

  const seekAtPointer = (e: PointerEvent<HTMLDivElement>) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    clock.seek(fromMs + ((e.clientX - rect.left) / rect.width) * span);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowRight: step, PageDown: -10 * step, PageUp: 10 * step };
    if (e.key in moves) clock.seek(clock.now() + moves[e.key]);
    else if (e.key === 'Home') clock.seek(fromMs);
    else if (e.key === 'End') clock.seek(toMs);
    else if (e.key === ' ') clock.playing ? clock.pause() : clock.play();
    else return;
    e.preventDefault();
  };
  const pct = (ms: number) => `${(100 * (ms - fromMs)) / span}%`;
  const instant = formatBeijing(at, 'YYYY-MM-DD HH:mm:ss');
  const vw = useViewportWidth();
  // legible on a wall: the bar grows with the screen like the scaled board above it
  const zoom = Math.min(BAR_MAX_ZOOM, Math.max(1, vw / BAR_DESIGN_WIDTH));
  const narrow = vw < BAR_NARROW_WIDTH;

  return (
    <div
      data-playback-bar
      role="group"
      aria-label={t`Replay controls`}
      style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '8px 16px', background: '#3b2106', borderTop: '3px solid #d97706', fontSize: 16, flexWrap: 'wrap', zoom }}
    >
      <Button size="large" appearance="primary" icon={clock.playing ? <PauseFilled /> : <PlayFilled />} onClick={() => (clock.playing ? clock.pause() : clock.play())} data-play={clock.playing ? 'playing' : 'paused'}>
        {clock.playing ? <Trans>Pause</Trans> : <Trans>Play</Trans>}
      </Button>
      <Tooltip content={t`Step back`} relationship="label">
        <Button size="large" icon={<PreviousRegular />} onClick={() => clock.seek(clock.now() - step)} />
      </Tooltip>
      <Tooltip content={t`Step forward`} relationship="label">
        <Button size="large" icon={<NextRegular />} onClick={() => clock.seek(clock.now() + step)} />
      </Tooltip>
      <Dropdown
        aria-label={t`Speed`}
        size="large"
        style={{ minWidth: 96 }}
        value={speedLabel(clock.speed)}
        selectedOptions={[String(clock.speed)]}
        onOptionSelect={(_, d) => d.optionValue && clock.setSpeed(Number(d.optionValue))}
      >
        {PLAYBACK_SPEEDS.map((s) => (
          <Option key={s} value={String(s)}>
            {speedLabel(s)}
          </Option>
        ))}
      </Dropdown>
      <div style={{ flex: narrow ? '1 1 100%' : '1 1 320px', order: narrow ? -1 : 0, minWidth: 240, display: 'grid', gap: 2 }}>
        <div
          ref={track}
          role="slider"
          tabIndex={0}
          data-timeline
          aria-label={t`Replay position`}
          aria-valuemin={fromMs}
          aria-valuemax={toMs}
          aria-valuenow={Math.round(at)}
          aria-valuetext={instant}
          onKeyDown={onKey}
          onPointerDown={(e) => {
            if ((e.target as HTMLElement).closest('[data-alarm-marker]')) return;
            dragging.current = true;
            e.currentTarget.setPointerCapture?.(e.pointerId);
            seekAtPointer(e);
          }}
          onPointerMove={(e) => dragging.current && seekAtPointer(e)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
          style={{ position: 'relative', height: 40, background: '#1f2937', borderRadius: 6, cursor: 'pointer', touchAction: 'none', outlineOffset: 2 }}
        >
          {shading.map((s) => (
            <div key={s.i} aria-hidden style={{ position: 'absolute', left: pct(s.fromMs), width: pct(fromMs + s.toMs - s.fromMs), top: 26, bottom: 4, background: '#65a30d', opacity: 0.7, pointerEvents: 'none' }} />
          ))}
          <div aria-hidden style={{ position: 'absolute', left: 0, width: pct(at), top: 0, bottom: 0, background: 'rgba(217,119,6,0.35)', borderRadius: 6, pointerEvents: 'none' }} />
          {markers.map((m) => (
            <button
              key={m.alarm.alarmId}
              type="button"
              data-alarm-marker={m.alarm.alarmId}
              title={`${formatBeijing(m.alarm.raisedAtMs, 'MM-DD HH:mm:ss')} ${m.alarm.deviceName || m.alarm.deviceSn} ${m.alarm.metric}${m.count > 1 ? ` (+${m.count - 1})` : ''}`}
              aria-label={t`Alarm at ${formatBeijing(m.alarm.raisedAtMs, 'HH:mm:ss')}: ${m.alarm.deviceName || m.alarm.deviceSn}`}
              onClick={() => {
                clock.pause();
                clock.seek(m.alarm.raisedAtMs - ALARM_LEAD_MS);
              }}
              style={{
                position: 'absolute',
                left: pct(m.alarm.raisedAtMs),
                top: 2,
                width: 12,
                height: 22,
                marginLeft: -6,
                padding: 0,
                border: '1px solid #000',
                borderRadius: 3,
                background: m.alarm.level === 'alarm' || m.alarm.kind === 'sos' ? '#ef4444' : '#f59e0b',
                cursor: 'pointer',
              }}
            />
          ))}
          <div aria-hidden style={{ position: 'absolute', left: pct(at), top: -3, bottom: -3, width: 4, marginLeft: -2, background: '#fbbf24', borderRadius: 2, pointerEvents: 'none' }} />
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 14, opacity: 0.85 }}>
          <span>{formatBeijing(fromMs, endFormat)}</span>
          <strong data-replay-instant style={{ fontSize: 18 }}>
            {instant}
          </strong>
          <span>{formatBeijing(toMs, endFormat)}</span>
        </div>
      </div>
      <Switch label={t`Skip quiet stretches`} checked={source.skipQuiet} onChange={(_, d) => source.setSkipQuiet(d.checked)} style={{ fontSize: 16 }} />
      <FollowPicker source={source} />
      <Dropdown
        aria-label={t`Heat map`}
        size="large"
        style={{ minWidth: 200 }}
        value={heatLabels[source.heatMode]}
        selectedOptions={[source.heatMode]}
        onOptionSelect={(_, d) => d.optionValue && source.setHeatMode(d.optionValue as ReplayHeatMode)}
      >
        {(['instant', 'window', 'range'] as const).map((m) => (
          <Option key={m} value={m}>
            {heatLabels[m]}
          </Option>
        ))}
      </Dropdown>
      <HistoryNote source={source} />
      {source.error ? (
        <span role="alert" title={source.error} style={{ color: '#fca5a5', fontWeight: 600 }}>
          <Trans>History failed to load</Trans>
        </span>
      ) : source.loading ? (
        <span role="status">
          <Trans>Loading history…</Trans>
        </span>
      ) : null}
      {narrow ? <span style={{ flex: 1 }} /> : null}
      <Button size="large" appearance="primary" icon={<LiveRegular />} onClick={onLive} data-back-to-live style={{ background: '#15803d' }}>
        <Trans>Back to live</Trans>
      </Button>
    </div>
  );
});

/**
 * What a long replay plays from (src/panelData/replayTier.ts): "Hourly averages" when the series come from
 * the hour tier, and how many days positions are kept with the instant they start from, when the map
 * cannot show people over the whole range (never an empty map without a word).
 */
function HistoryNote({ source }: { source: ReplaySource }) {
  const { plan } = source;
  if (plan.tier === 'raw' && plan.positionsKeptDays === null) return null;
  const days = plan.positionsKeptDays;
  const since = plan.positions ? formatBeijing(plan.positions.fromMs, 'YYYY-MM-DD') : null;
  return (
    <span data-replay-history-note style={{ fontSize: 16, color: '#fde68a' }}>
      {plan.tier === 'hour' ? <Trans>Hourly averages.</Trans> : null}{' '}
      {days === null ? null : since ? <Trans>Positions kept {days} days: people on the map from {since}.</Trans> : <Trans>Positions kept {days} days: no people on the map.</Trans>}
    </span>
  );
}

/** Alarm markers: at most MAX_MARKERS, alarms closer than one marker slot share the earliest one's marker. */
function groupMarkers(alarms: readonly Alarm[], fromMs: number, toMs: number): Array<{ alarm: Alarm; count: number }> {
  const slot = Math.max(1, (toMs - fromMs) / MAX_MARKERS);
  const inRange = alarms.filter((a) => a.raisedAtMs >= fromMs && a.raisedAtMs <= toMs).sort((a, b) => a.raisedAtMs - b.raisedAtMs);
  const out: Array<{ alarm: Alarm; count: number }> = [];
  let lastSlot = -1;
  for (const a of inRange) {
    const s = Math.floor((a.raisedAtMs - fromMs) / slot);
    // an SOS wins its slot: it is the marker people look for
    if (s === lastSlot && out.length) {
      const prev = out[out.length - 1];
      prev.count++;
      if (a.kind === 'sos' && prev.alarm.kind !== 'sos') prev.alarm = a;
      continue;
    }
    lastSlot = s;
    out.push({ alarm: a, count: 1 });
  }
  return out;
}

/** Runs of active buckets merged into at most ACTIVITY_SEGMENTS segments (ms since epoch). */
function activitySegments(active: Uint8Array, bucketMs: number, fromMs: number, toMs: number): Array<{ i: number; fromMs: number; toMs: number }> {
  const out: Array<{ i: number; fromMs: number; toMs: number }> = [];
  if (active.length === 0) return out;
  const per = Math.max(1, Math.ceil(active.length / ACTIVITY_SEGMENTS));
  for (let s = 0; s * per < active.length; s++) {
    let any = false;
    for (let i = s * per; i < Math.min(active.length, (s + 1) * per); i++) if (active[i]) any = true;
    if (!any) continue;
    const a = fromMs + s * per * bucketMs;
    const b = Math.min(toMs, fromMs + (s + 1) * per * bucketMs);
    const last = out[out.length - 1];
    if (last && last.toMs === a) last.toMs = b;
    else out.push({ i: s, fromMs: a, toMs: b });
  }
  return out;
}

/**
 * The person a replay follows: a searchable list (name, beacon or team), each person with their team and
 * beacon beneath, two people of one name told apart by their beacon; at most FOLLOW_OPTIONS_MAX shown.
 */
const FollowPicker = observer(function FollowPicker({ source }: { source: ReplaySource }) {
  const { t } = useLingui();
  // null while the user is not typing: the field then shows the person followed
  const [query, setQuery] = useState<string | null>(null);
  const people = source.people();
  const { options, matched } = useMemo(() => followOptions(people, query ?? ''), [people, query]);
  const followed = source.followSn ? (followOptions(people, source.followSn).options.find((o) => o.sn === source.followSn)?.label ?? source.followSn) : '';
  return (
    <Combobox
      aria-label={t`Follow a person`}
      size="large"
      style={{ minWidth: 220 }}
      placeholder={t`Follow a person`}
      value={query ?? followed}
      selectedOptions={source.followSn ? [source.followSn] : []}
      onChange={(e) => setQuery(e.target.value)}
      onOpenChange={(_, d) => !d.open && setQuery(null)}
      onOptionSelect={(_, d) => {
        source.setFollow(d.optionValue && d.optionValue !== '-' ? d.optionValue : null);
        setQuery(null);
      }}
    >
      <Option value="-" text={t`Nobody`}>
        <Trans>Nobody</Trans>
      </Option>
      {options.map((o) => (
        <Option key={o.sn} value={o.sn} text={o.label}>
          <span style={{ display: 'grid' }}>
            <span>{o.label}</span>
            <span style={{ fontSize: 13, opacity: 0.8 }}>{o.detail}</span>
          </span>
        </Option>
      ))}
      {matched > options.length ? (
        <div role="note" style={{ padding: '4px 12px', fontSize: 13, opacity: 0.8 }}>
          <Trans>
            {options.length} of {matched} shown: type to narrow
          </Trans>
        </div>
      ) : null}
    </Combobox>
  );
});
