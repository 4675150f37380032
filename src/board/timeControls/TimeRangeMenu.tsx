import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Menu,
  MenuDivider,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import dayjs from 'dayjs';
import { BEIJING_TZ } from '../../format/time';
import { beijingInputValue, checkCustomRange, lastRange, parseBeijingInput, presetAvailable, RANGE_PRESETS, type RangePresetId } from './timeRange';

/** What the range control chose: live, or a replay range (ms since epoch) and which choice it was. */
export type TimeRangeChoice = { kind: 'live' } | { kind: 'range'; id: RangePresetId | 'today' | 'custom'; fromMs: number; toMs: number };

/**
 * The board's time-range control (docs/operations.md "Replay"): Live; today and the last 1, 8, 24 hours,
 * 7, 30 and 365 days (those longer than the history kept, `historyDays`, are disabled); a custom range
 * entered in Beijing time. `current` is the choice shown (its id, or null when live).
 */
export function TimeRangeMenu({
  current,
  historyDays,
  onChoose,
  now = Date.now,
}: {
  current: RangePresetId | 'today' | 'custom' | null;
  historyDays: number;
  onChoose: (choice: TimeRangeChoice) => void;
  now?: () => number;
}) {
  const { t } = useLingui();
  const [customOpen, setCustomOpen] = useState(false);
  const presetLabel: Record<RangePresetId | 'today', string> = {
    today: t`Today`,
    '1h': t`Last hour`,
    '8h': t`Last 8 hours`,
    '24h': t`Last 24 hours`,
    '7d': t`Last 7 days`,
    '30d': t`Last 30 days`,
    '365d': t`Last 365 days`,
  };
  const label = current === null ? t`Live` : current === 'custom' ? t`Custom range` : presetLabel[current];
  const choose = (id: string) => {
    if (id === 'live') return onChoose({ kind: 'live' });
    if (id === 'custom') return setCustomOpen(true);
    const nowMs = now();
    if (id === 'today') {
      const fromMs = dayjs(nowMs).tz(BEIJING_TZ).startOf('day').valueOf();
      return onChoose({ kind: 'range', id: 'today', fromMs, toMs: Math.floor(nowMs / 1000) * 1000 });
    }
    const preset = RANGE_PRESETS.find((p) => p.id === id);
    if (preset) onChoose({ kind: 'range', id: preset.id, ...lastRange(preset.spanMs, nowMs) });
  };
  return (
    <>
      <Menu checkedValues={{ range: [current ?? 'live'] }} onCheckedValueChange={(_, d) => choose(d.checkedItems[0])}>
        <MenuTrigger disableButtonEnhancement>
          <Button data-time-range appearance="outline" icon={<HistoryRegular />} style={{ fontSize: '1em', whiteSpace: 'nowrap', flexShrink: 0, minWidth: 'max-content' }} aria-label={t`Time range: ${label}`}>
            {label}
          </Button>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItemRadio name="range" value="live">
              <Trans>Live</Trans>
            </MenuItemRadio>
            <MenuDivider />
            <MenuItemRadio name="range" value="1h">
              {presetLabel['1h']}
            </MenuItemRadio>
            <MenuItemRadio name="range" value="8h">
              {presetLabel['8h']}
            </MenuItemRadio>
            <MenuItemRadio name="range" value="24h">
              {presetLabel['24h']}
            </MenuItemRadio>
            <MenuItemRadio name="range" value="today">
              {presetLabel.today}
            </MenuItemRadio>
            {RANGE_PRESETS.filter((p) => p.id.endsWith('d')).map((p) => {
              const ok = presetAvailable(p.spanMs, historyDays);
              return (
                <MenuItemRadio key={p.id} name="range" value={p.id} disabled={!ok} secondaryContent={ok ? undefined : t`beyond the history kept`}>
                  {presetLabel[p.id]}
                </MenuItemRadio>
              );
            })}
            <MenuDivider />
            <MenuItemRadio name="range" value="custom">
              <Trans>Custom range…</Trans>
            </MenuItemRadio>
          </MenuList>
        </MenuPopover>
      </Menu>
      {customOpen ? <CustomRangeDialog now={now} onCancel={() => setCustomOpen(false)} onApply={(fromMs, toMs) => (setCustomOpen(false), onChoose({ kind: 'range', id: 'custom', fromMs, toMs }))} /> : null}
    </>
  );
}

const RANGE_PROBLEM_TEXT: Record<NonNullable<ReturnType<typeof checkCustomRange>>['reason'], MessageDescriptor> = {
  invalid: msg`Enter a date and time`,
  future: msg`The start must be in the past`,
  order: msg`The end must be after the start`,
  tooLong: msg`At most 365 days`,
};

/** What is wrong with a custom range's `field` (checkCustomRange's `problem`), or undefined when nothing is. */
export function customRangeMessage(i18n: I18n, problem: ReturnType<typeof checkCustomRange>, field: 'from' | 'to'): string | undefined {
  return problem?.field === field ? i18n._(RANGE_PROBLEM_TEXT[problem.reason]) : undefined;
}

/** Two Beijing-time date-time fields; Apply only with a valid range (named errors otherwise). */
function CustomRangeDialog({ now, onApply, onCancel }: { now: () => number; onApply: (fromMs: number, toMs: number) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const [from, setFrom] = useState(() => beijingInputValue(now() - 3_600_000));
  const [to, setTo] = useState(() => beijingInputValue(now()));
  const fromMs = parseBeijingInput(from);
  const toMs = parseBeijingInput(to);
  const problem = checkCustomRange(fromMs, toMs, now());
  const message = (field: 'from' | 'to') => customRangeMessage(i18n, problem, field);
  return (
    <Dialog open onOpenChange={(_, d) => (d.open ? null : onCancel())}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Trans>Replay a custom range</Trans>
          </DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <p style={{ margin: 0 }}>
              <Trans>Times are Beijing time (UTC+8).</Trans>
            </p>
            <Field label={t`From`} validationMessage={message('from')}>
              <Input type="datetime-local" value={from} onChange={(_, d) => setFrom(d.value)} />
            </Field>
            <Field label={t`To`} validationMessage={message('to')}>
              <Input type="datetime-local" value={to} onChange={(_, d) => setTo(d.value)} />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" disabled={problem !== null} onClick={() => onApply(fromMs!, Math.min(toMs!, now()))}>
              <Trans>Replay</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
