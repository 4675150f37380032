import type { CSSProperties } from 'react';
import { formatNumber } from '../format/number';

/**
 * Page-px font sizes of panel values before they were sized for wall screens ("panel values two to three
 * times today's size"): 18 px readings, 30 px large figures (the crane's moment). Tests measure the
 * values against these.
 */
export const PRE_WALL_VALUE_PX = { medium: 18, large: 30 } as const;

/**
 * Page-px font sizes of panel values and their units: `medium` for chart legends and secondary readings,
 * `key` for a panel's key readings (crane load, radius, wind; equipment readings; gas table cells: 2× the
 * pre-wall 18 px), `large` for a panel's one big figure (2× the pre-wall 30 px). On a 1366×768 screen the
 * page is scaled to about 0.63, so a 20 px unit is drawn at 12.6 px.
 */
export const VALUE_PX = {
  medium: { value: 22, unit: 20 },
  key: { value: 36, unit: 20 },
  large: { value: 60, unit: 26 },
} as const;

/** A size of ValueWithUnit (VALUE_PX). */
export type ValueSize = keyof typeof VALUE_PX;

/**
 * A number shown as docs/product.md "Validation and display" says (decimals cut to `digits`, empty shows 0) followed by its unit in smaller type,
 * in the VALUE_PX sizes of a wall screen, tabular digits, one line. A reading the device has not sent yet
 * (null or undefined) shows "—", never a 0 that reads like clean air or an idle crane.
 */
export function ValueWithUnit({
  value,
  unit,
  digits = 2,
  color,
  size = 'medium',
}: {
  value: number | null | undefined;
  unit?: string | null;
  digits?: number;
  color?: string;
  size?: ValueSize;
}) {
  const px = VALUE_PX[size];
  const style: CSSProperties = {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 700,
    fontSize: px.value,
    lineHeight: 1.05,
    color,
    whiteSpace: 'nowrap',
  };
  return (
    <span style={style} data-value-size={size}>
      {value == null ? '—' : formatNumber(value, digits)}
      {unit ? <span style={{ fontSize: px.unit, fontWeight: 400, marginLeft: 3, opacity: 0.85 }}>{unit}</span> : null}
    </span>
  );
}
