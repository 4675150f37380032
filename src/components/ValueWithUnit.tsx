import type { CSSProperties } from 'react';
import { formatNumber } from '../format/number';

/** A number in SPEC §5 display (decimals cut to `digits`, empty shows 0) followed by its unit in smaller type. */
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
    fontSize: size === 'large' ? 30 : 18,
    color,
    whiteSpace: 'nowrap',
  };
  return (
    <span style={style}>
      {formatNumber(value, digits)}
      {unit ? <span style={{ fontSize: size === 'large' ? 15 : 13, fontWeight: 400, marginLeft: 3, opacity: 0.8 }}>{unit}</span> : null}
    </span>
  );
}
