/**
 * A flag drawn with a few shapes: horizontal or vertical stripes (equal bands, a colour repeated for a
 * wider band), a disc on a field, or a Nordic cross (with an optional inner cross). Simple approximations
 * that read at 20 × 14 px; flags with emblems, stars or cantons are not drawn (they get the code badge).
 */
export type FlagDesign =
  | { h: readonly string[] }
  | { v: readonly string[] }
  | { field: string; disc: string }
  | { field: string; cross: string; inner?: string };

/** Designs by code (ISO 3166-1 alpha-2, `CAT` for Catalonia); colours from the national flag specs. */
export const FLAG_DESIGNS: Readonly<Record<string, FlagDesign>> = {
  AM: { h: ['#d90012', '#0033a0', '#f2a800'] },
  AZ: { h: ['#0092bc', '#e4002b', '#00af66'] },
  BD: { field: '#006a4e', disc: '#f42a41' },
  BE: { v: ['#000000', '#fdda24', '#ef3340'] },
  BG: { h: ['#ffffff', '#00966e', '#d62612'] },
  CAT: { h: ['#fcdd09', '#da121a', '#fcdd09', '#da121a', '#fcdd09', '#da121a', '#fcdd09'] },
  DE: { h: ['#000000', '#dd0000', '#ffce00'] },
  DK: { field: '#c8102e', cross: '#ffffff' },
  EE: { h: ['#0072ce', '#000000', '#ffffff'] },
  EG: { h: ['#ce1126', '#ffffff', '#000000'] },
  ES: { h: ['#aa151b', '#f1bf00', '#f1bf00', '#aa151b'] },
  FI: { field: '#ffffff', cross: '#002f6c' },
  FR: { v: ['#002395', '#ffffff', '#ed2939'] },
  HR: { h: ['#ff0000', '#ffffff', '#171796'] },
  HU: { h: ['#ce2939', '#ffffff', '#477050'] },
  ID: { h: ['#ce1126', '#ffffff'] },
  IE: { v: ['#169b62', '#ffffff', '#ff883e'] },
  IN: { h: ['#ff9933', '#ffffff', '#138808'] },
  IQ: { h: ['#ce1126', '#ffffff', '#000000'] },
  IR: { h: ['#239f40', '#ffffff', '#da0000'] },
  IS: { field: '#02529c', cross: '#ffffff', inner: '#dc1e35' },
  IT: { v: ['#009246', '#ffffff', '#ce2b37'] },
  JP: { field: '#ffffff', disc: '#bc002d' },
  LV: { h: ['#9e3039', '#9e3039', '#ffffff', '#9e3039', '#9e3039'] },
  MK: { field: '#d20000', disc: '#ffe600' },
  MN: { v: ['#c4272f', '#015197', '#c4272f'] },
  NL: { h: ['#ae1c28', '#ffffff', '#21468b'] },
  NO: { field: '#ba0c2f', cross: '#ffffff', inner: '#00205b' },
  PL: { h: ['#ffffff', '#dc143c'] },
  PT: { v: ['#006600', '#006600', '#ff0000', '#ff0000', '#ff0000'] },
  RO: { v: ['#002b7f', '#fcd116', '#ce1126'] },
  RS: { h: ['#c6363c', '#0c4076', '#ffffff'] },
  RU: { h: ['#ffffff', '#0039a6', '#d52b1e'] },
  SE: { field: '#006aa7', cross: '#fecc00' },
  SI: { h: ['#ffffff', '#005da4', '#ed1c24'] },
  SK: { h: ['#ffffff', '#0b4ea2', '#ee1c25'] },
  TH: { h: ['#a51931', '#f4f5f8', '#2d2a4a', '#2d2a4a', '#f4f5f8', '#a51931'] },
  UA: { h: ['#0057b7', '#ffd700'] },
};

const W = 20;
const H = 14;

function shapes(design: FlagDesign) {
  if ('h' in design) {
    const band = H / design.h.length;
    return design.h.map((c, i) => <rect key={i} x={0} y={i * band} width={W} height={band + 0.01} fill={c} />);
  }
  if ('v' in design) {
    const band = W / design.v.length;
    return design.v.map((c, i) => <rect key={i} x={i * band} y={0} width={band + 0.01} height={H} fill={c} />);
  }
  if ('disc' in design) {
    return [<rect key="f" width={W} height={H} fill={design.field} />, <circle key="d" cx={W * 0.45} cy={H / 2} r={H * 0.3} fill={design.disc} />];
  }
  const out = [
    <rect key="f" width={W} height={H} fill={design.field} />,
    <rect key="cv" x={5} y={0} width={4} height={H} fill={design.cross} />,
    <rect key="ch" x={0} y={5} width={W} height={4} fill={design.cross} />,
  ];
  if (design.inner) {
    out.push(<rect key="iv" x={6} y={0} width={2} height={H} fill={design.inner} />, <rect key="ih" x={0} y={6} width={W} height={2} fill={design.inner} />);
  }
  return out;
}

/**
 * A 20 × 14 px inline SVG flag for `code` (see {@link FLAG_DESIGNS}); codes without a design (complex
 * flags such as GB, US, CN) show as a neutral rounded badge with the code, in the current text colour.
 * Decorative (aria-hidden): the language label beside it names the entry.
 */
export function FlagIcon({ code }: { code: string }) {
  const design = FLAG_DESIGNS[code];
  return (
    <svg data-flag={code} width={W} height={H} viewBox={`0 0 ${W} ${H}`} aria-hidden focusable="false" style={{ flex: 'none', display: 'block', borderRadius: 2 }}>
      {design ? (
        <>
          {shapes(design)}
          <rect width={W} height={H} rx={2} fill="none" stroke="currentColor" strokeOpacity={0.25} />
        </>
      ) : (
        <>
          <rect x={0.5} y={0.5} width={W - 1} height={H - 1} rx={3} fill="currentColor" fillOpacity={0.08} stroke="currentColor" strokeOpacity={0.5} />
          <text x={W / 2} y={H / 2} dy="0.35em" textAnchor="middle" fontSize={code.length > 2 ? 6.5 : 8} fontWeight={700} fill="currentColor" fontFamily="system-ui, sans-serif">
            {code}
          </text>
        </>
      )}
    </svg>
  );
}
