import { shade } from '../theme/color';
import { STATUS_COLOR } from '../theme/status';

/**
 * Colours of the board header's states, chosen for WCAG 2.2 AA (src/theme/color.ts contrastRatio; checked
 * for every state in headerColors.test.ts): text ≥ 4.5 against both ends of the header's gradient, the
 * connection indicator ≥ 4.5 against its own background on any header.
 */

/** Share of the alarm colour kept at the top and the bottom of the alarm header (the rest is black). */
const ALARM_TOP_KEEP = 0.6;
const ALARM_BOTTOM_KEEP = 0.42;

/** The header's text while an alarm colours it. */
export const ALARM_HEADER_TEXT = '#ffffff';

/**
 * The two ends of the header's gradient while an alarm is open: the alarm colour (`#rrggbb`) darkened
 * enough for white text, amber included, and darker towards the bottom.
 */
export function alarmHeaderStops(color: string): { top: string; bottom: string } {
  return { top: shade(color, ALARM_TOP_KEEP), bottom: shade(color, ALARM_BOTTOM_KEEP) };
}

/** The header background while an alarm is open (see {@link alarmHeaderStops}). */
export function alarmHeaderBackground(color: string): string {
  const { top, bottom } = alarmHeaderStops(color);
  return `linear-gradient(180deg, ${top}, ${bottom})`;
}

/** Text of the current page's tab, on the brand colour (light text there fell under 3:1). */
export const ACTIVE_TAB_TEXT = '#050b18';

/**
 * The connection indicator sits on its own near-black pill, so its colour reads the same on the navy, the
 * light and every alarm header (a green "Live" straight on red was unreadable and meaningless to a
 * red–green colour-blind viewer: the word says the state, the colour only repeats it).
 */
export const INDICATOR_BACKGROUND = '#050b18';

/** The connection indicator's colour per state (text and dot). */
export const CONNECTION_COLOR = {
  live: STATUS_COLOR.online,
  reconnecting: STATUS_COLOR.warning,
  connecting: '#a9b8d0',
} as const;
