import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { BoardReleaseState } from '../../../protocol';

/** Words of each release state, as the builder, the board list and the page manager show them. */
export const RELEASE_STATE_LABELS: Record<BoardReleaseState, MessageDescriptor> = {
  draft: msg`Draft only`,
  // "Live" alone is also a template page's name (实时); here it means "released and current".
  live: msg({ message: 'Live', context: 'release state' }),
  changed: msg`Live with unpublished changes`,
};

const HINTS: Record<BoardReleaseState, MessageDescriptor> = {
  draft: msg`Never released: wall screens do not show this board yet.`,
  live: msg`Wall screens show exactly this draft.`,
  changed: msg`Wall screens show the last release; the draft has edits that are not released.`,
};

const STYLE: Record<BoardReleaseState, { fg: string; bg: string }> = {
  draft: { fg: '#8a94a6', bg: '#8a94a622' },
  live: { fg: '#2fbf71', bg: '#2fbf7122' },
  changed: { fg: '#f5a524', bg: '#f5a52422' },
};

/** A pill with a board's release state (BoardReleaseState); `data-state` carries the state for tests. */
export function ReleaseStateBadge({ state }: { state: BoardReleaseState }) {
  const { i18n } = useLingui();
  const s = STYLE[state];
  return (
    <span
      data-testid="release-state"
      data-state={state}
      title={i18n._(HINTS[state])}
      style={{ display: 'inline-flex', alignItems: 'center', gap: 5, whiteSpace: 'nowrap', fontSize: 12, lineHeight: '18px', padding: '0 8px', borderRadius: 9, color: s.fg, background: s.bg, border: `1px solid ${s.fg}66` }}
    >
      <span aria-hidden style={{ width: 7, height: 7, borderRadius: '50%', background: s.fg }} />
      {i18n._(RELEASE_STATE_LABELS[state])}
    </span>
  );
}
