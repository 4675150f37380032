/** A project marker on the map and the name to write beside it (px in the map's SVG). */
export interface MarkerLabel {
  key: string;
  x: number;
  y: number;
  text: string;
}

/** Where a name is written: its text anchor point and alignment (SVG `textAnchor`). */
export interface PlacedLabel {
  key: string;
  x: number;
  y: number;
  anchor: 'start' | 'end' | 'middle';
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * The width of `text` at `fontPx`, estimated without a layout: a CJK character is about 1 em, other
 * characters about 0.6 em (the app's sans-serif); enough to keep names apart, not to measure them.
 */
export function estimateTextWidth(text: string, fontPx: number): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 1 : 0.6;
  return em * fontPx;
}

/**
 * Places each marker's name beside it so that no two names, and no name and another marker, overlap:
 * greedily, markers from top to bottom, each name tried right of its marker, then left, then above and
 * below; a name that fits nowhere takes the first (right) place. `r` is a marker's outer radius (its alarm
 * ring included; a name starts a quarter of it beyond), `fontPx` the names' size; the map is `width` × `height` and a name is kept inside it where a place allows.
 */
export function placeLabels(markers: readonly MarkerLabel[], r: number, fontPx: number, width: number, height: number): PlacedLabel[] {
  const gap = r * 1.25;
  const half = fontPx * 0.6;
  const taken: Box[] = markers.map((m) => ({ left: m.x - r, top: m.y - r, right: m.x + r, bottom: m.y + r }));
  const overlaps = (b: Box) => b.left < 0 || b.top < 0 || b.right > width || b.bottom > height || taken.some((t) => b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom);
  const byKey = new Map<string, PlacedLabel>();
  for (const m of [...markers].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const w = estimateTextWidth(m.text, fontPx);
    const baseline = (cy: number) => cy + fontPx * 0.35;
    const options: Array<{ label: PlacedLabel; box: Box }> = [
      { label: { key: m.key, x: m.x + gap, y: baseline(m.y), anchor: 'start' }, box: { left: m.x + gap, top: m.y - half, right: m.x + gap + w, bottom: m.y + half } },
      { label: { key: m.key, x: m.x - gap, y: baseline(m.y), anchor: 'end' }, box: { left: m.x - gap - w, top: m.y - half, right: m.x - gap, bottom: m.y + half } },
      { label: { key: m.key, x: m.x, y: baseline(m.y - gap - half), anchor: 'middle' }, box: { left: m.x - w / 2, top: m.y - gap - 2 * half, right: m.x + w / 2, bottom: m.y - gap } },
      { label: { key: m.key, x: m.x, y: baseline(m.y + gap + half), anchor: 'middle' }, box: { left: m.x - w / 2, top: m.y + gap, right: m.x + w / 2, bottom: m.y + gap + 2 * half } },
    ];
    const chosen = options.find((o) => !overlaps(o.box)) ?? options[0];
    taken.push(chosen.box);
    byKey.set(m.key, chosen.label);
  }
  return markers.map((m) => byKey.get(m.key)!);
}
