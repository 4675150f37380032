import type { BrandVariants } from '@fluentui/react-components';
import { mix, parseHex, toHex, type Rgb } from './color';

/** docs/product.md "Constants": the product's primary colour. */
export const BRAND_COLOR = '#00b589';

/** Fluent's 16 brand steps, darkest (10) to lightest (160). */
export const BRAND_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

/**
 * A Fluent v9 brand ramp from one colour: step 80 is the colour itself (Fluent's primary step);
 * steps 10–70 darken it towards a near-black of the same hue (so dark surfaces keep a tint), steps
 * 90–160 lighten it towards white. Throws RangeError for anything but `#rrggbb`.
 */
export function brandRamp(hex: string): BrandVariants {
  const base = parseHex(hex);
  const shadow = mix([0, 0, 0], base, 0.08);
  const white: Rgb = [255, 255, 255];
  const ramp: Partial<Record<(typeof BRAND_STEPS)[number], string>> = {};
  BRAND_STEPS.forEach((step, i) => {
    const k = 7; // index of step 80
    const rgb = i < k ? mix(shadow, base, i / k) : mix(base, white, ((i - k) / (BRAND_STEPS.length - 1 - k)) * 0.85);
    ramp[step] = toHex(rgb);
  });
  return ramp as BrandVariants;
}
