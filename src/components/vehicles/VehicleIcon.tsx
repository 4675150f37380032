import { VEHICLE_COLOR } from './labels';

/** The truck mark's width over its height. */
export const VEHICLE_ICON_ASPECT = 1.4;

/** A side view of a truck, the vehicles' mark on the strip, in lists and in the legend (people are dots). */
export function VehicleIcon({ size = 20, moving = true }: { size?: number; moving?: boolean }) {
  return (
    <svg width={size * VEHICLE_ICON_ASPECT} height={size} viewBox="0 0 28 20" aria-hidden style={{ display: 'inline-block', verticalAlign: 'middle', flex: 'none' }}>
      <rect x="1" y="3" width="16" height="11" rx="1.5" fill={VEHICLE_COLOR} stroke="#1f2937" strokeWidth="1.2" opacity={moving ? 1 : 0.75} />
      <path d="M17 6 h6 l4 4 v4 h-10 z" fill={VEHICLE_COLOR} stroke="#1f2937" strokeWidth="1.2" opacity={moving ? 1 : 0.75} />
      <circle cx="6" cy="16" r="2.6" fill="#1f2937" />
      <circle cx="22" cy="16" r="2.6" fill="#1f2937" />
    </svg>
  );
}
