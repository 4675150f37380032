/** Colour arithmetic on `#rrggbb` strings: mixing, WCAG luminance and contrast. */

/** A colour's red, green and blue, 0–255 each. */
export type Rgb = [number, number, number];

/** The channels of a `#rrggbb` colour. Throws RangeError for anything else. */
export function parseHex(hex: string): Rgb {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new RangeError(`expected a #rrggbb colour: ${hex}`);
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `#rrggbb` of channels (rounded, clamped to 0–255). */
export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** The colour `t` of the way from `a` to `b` (0 is `a`, 1 is `b`). */
export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** `hex` darkened towards black, keeping `keep` (0–1) of it: `shade('#ff4d4f', 0.6)`. */
export function shade(hex: string, keep: number): string {
  return toHex(mix([0, 0, 0], parseHex(hex), keep));
}

/** Relative luminance (WCAG 2.2, "relative luminance") of a `#rrggbb` colour, 0 (black) … 1 (white). */
export function luminance(hex: string): number {
  const lin = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}

/**
 * WCAG 2.2 contrast ratio of two `#rrggbb` colours, 1 … 21. AA asks ≥ 4.5 for text, ≥ 3 for large text
 * (24 px, or 18.66 px bold) and for the parts of controls and indicators (success criteria 1.4.3, 1.4.11).
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
