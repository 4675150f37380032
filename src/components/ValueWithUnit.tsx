import type { CSSProperties } from 'react';
import { formatNumber } from '../format/number';

/**
 * A number in SPEC §5 display (decimals cut to `digits`, empty shows 0) followed by its unit in smaller type.
 * Sizes are for a wall screen: 22 px (48 px large) values and 20 px units on the page, so on a 1366×768
 * screen (page scaled to about 0.63 under the header and an alarm banner) nothing is drawn under 12 px.
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
  size?: 'medium' | 'large';
}) {
  const style: CSSProperties = {
    fontVariantNumeric: 'tabular-nums',
    fontWeight: 700,
    fontSize: size === 'large' ? 48 : 22,
    color,
    whiteSpace: 'nowrap',
  };
  return (
    <span style={style}>
      {formatNumber(value, digits)}
      {unit ? <span style={{ fontSize: size === 'large' ? 24 : 20, fontWeight: 400, marginLeft: 3, opacity: 0.85 }}>{unit}</span> : null}
    </span>
  );
}
