import type { BrandVariants } from '@fluentui/react-components';

/** docs/product.md "Constants": the product's primary colour. */
export const BRAND_COLOR = '#00b589';

/** Fluent's 16 brand steps, darkest (10) to lightest (160). */
export const BRAND_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new RangeError(`expected a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

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

/** Relative luminance (WCAG) of a `#rrggbb` colour, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const lin = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}
