import { useLingui } from '@lingui/react/macro';
import type { CommandRecord, CommandResult, SprayState } from '../../../protocol';
import { formatBeijing } from '../../format/time';

/**
 * The words of a fog cannon's state, mode and last command (docs/domain.md "Spray linkage"), shared by the
 * environment screen's spray table and the spray state panel so both say the same thing.
 */
export function useSprayText() {
  const { t } = useLingui();
  const result: Record<CommandResult, string> = {
    pending: t`waiting for the answer`,
    acked: t`acknowledged`,
    refused: t`refused by the device`,
    unacknowledged: t`no answer`,
    superseded: t`replaced`,
  };
  return {
    /** Offline, not reported yet, spraying or off. */
    state: (s: SprayState) => (!s.online ? t`offline` : s.spraying === null ? t`no report yet` : s.spraying ? t`spraying` : t`off`),
    /** Automatic (the linkage switches it) or manual. */
    mode: (s: SprayState) => (s.mode === 'auto' ? t`automatic` : t`manual`),
    /** "on · by the linkage · <time> · acknowledged", the time in Beijing time as `pattern` (formatBeijing's); a dash without a command. */
    lastCommand: (c: CommandRecord | null, pattern?: string) =>
      c ? `${c.action === 'on' ? t`on` : t`off`} · ${c.source === 'auto' ? t`by the linkage` : c.by} · ${formatBeijing(c.sentAtMs, pattern)} · ${result[c.result]}` : '–',
  };
}
