import { currentLanguage } from '../i18n/i18n';

/** Largest `digits` accepted: beyond it a double has no meaningful decimals left. */
export const MAX_DISPLAY_DIGITS = 20;

/**
 * Plain decimal text of a finite number as JavaScript prints it (shortest round-trip form), with the
 * exponent forms (`1e-7`, `1.5e+21`) expanded so that digits can be cut as text.
 */
function plainDecimal(value: number): string {
  const s = String(value);
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (!m) return s;
  const [, sign, lead, frac = '', expText] = m;
  const exp = Number(expText);
  const digits = lead + frac;
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  return sign + (digits.length > exp + 1 ? `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}` : digits.padEnd(exp + 1, '0'));
}

/** One Intl formatter per (locale, decimals): bounded by the languages × 21 digit counts. */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${decimals}`;
  let f = formatters.get(key);
  if (!f) {
    let resolved = locale;
    try {
      Intl.NumberFormat.supportedLocalesOf(locale);
    } catch {
      resolved = 'en'; // a malformed tag must not break every number on the board
    }
    f = new Intl.NumberFormat(resolved, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
    if (formatters.size > 256) formatters.clear();
    formatters.set(key, f);
  }
  return f;
}

/**
 * Number display of docs/product.md "Validation and display", the one helper every panel uses:
 * - zero or empty (null, undefined, '', NaN, ±Infinity, a non-numeric string) shows `0`;
 * - decimals are CUT (never rounded) to `digits`: 20.999 → "20.99", -1.239 (1) → "-1.2";
 * - a value with fewer decimals than `digits` is kept as it is: 1.5 (3) → "1.5", 24 (2) → "24".
 *
 * The cut works on the number's own decimal text (the shortest form that reads back as the same double),
 * not on `value × 10^digits`, so binary artefacts never lose a digit: 0.29 (2) → "0.29" and
 * 1.005 (2) → "1.00" (the input had three decimals, so the cut keeps exactly two, trailing zeros
 * included; a multiply-and-truncate would give "1" because 1.005 × 100 = 100.49999…).
 * A value that cuts to zero (0.004 with 2 digits) shows `0`, never "0.00" or "-0.00".
 *
 * Only then is the cut text written the locale's way (Intl.NumberFormat with exactly the kept decimals, so
 * nothing is rounded): thousands grouped and the locale's decimal separator and digits, e.g. 12345.678 (2)
 * → "12,345.67" in en and zh-CN, "12.345,67" in de.
 *
 * @param value a number, or numeric text as some APIs send it.
 * @param digits decimals to keep, an integer 0…20 (default 2). @throws RangeError outside that range.
 * @param locale BCP 47 tag to write the number in; default the active UI language (menu tag, e.g. `de-DE`).
 */
export function formatDisplayNumber(value: number | string | null | undefined, digits = 2, locale: string = currentLanguage().language): string {
  if (!Number.isInteger(digits) || digits < 0 || digits > MAX_DISPLAY_DIGITS) {
    throw new RangeError(`digits must be an integer 0…${MAX_DISPLAY_DIGITS}: ${digits}`);
  }
  const cut = cutDecimals(value, digits);
  if (cut === '0') return '0';
  const dot = cut.indexOf('.');
  const decimals = dot < 0 ? 0 : cut.length - dot - 1;
  // Intl formats a numeric string exactly (no trip through a double), so long cuts keep every digit.
  return formatterOf(locale, decimals).format(cut as Intl.StringNumericLiteral);
}

/** The cut of docs/product.md "Validation and display" as plain text ("-1234.5", "0"), before any locale formatting. */
function cutDecimals(value: number | string | null | undefined, digits: number): string {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return '0';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n === 0) return '0';
  const text = plainDecimal(n);
  const dot = text.indexOf('.');
  if (dot < 0) return text;
  const fraction = text.slice(dot + 1);
  if (fraction.length <= digits) return text;
  const cut = digits === 0 ? text.slice(0, dot) : text.slice(0, dot + 1 + digits);
  // a cut that leaves only zeros is zero: shown as "0", without a sign
  return /[1-9]/.test(cut) ? cut : '0';
}

/** The name panels already import; same rules as {@link formatDisplayNumber}. */
export const formatNumber = formatDisplayNumber;

/**
 * A number for a column of one metric: cut (never rounded) to `digits` like {@link formatDisplayNumber},
 * then always written with exactly `digits` decimals, so every cell of a column reads the same way
 * ("3.0", "31.5", "0.0" with 1 digit). Zero keeps its decimals here: in a table "0" beside "31.5" reads
 * as a different precision. Empty or non-finite input gives '—'.
 */
export function formatFixedDigits(value: number | null | undefined, digits: number, locale: string = currentLanguage().language): string {
  if (value == null || !Number.isFinite(value)) return '—';
  if (!Number.isInteger(digits) || digits < 0 || digits > MAX_DISPLAY_DIGITS) {
    throw new RangeError(`digits must be an integer 0…${MAX_DISPLAY_DIGITS}: ${digits}`);
  }
  const cut = cutDecimals(value, digits);
  const [whole, fraction = ''] = cut.split('.');
  const text = digits === 0 ? whole : `${whole}.${fraction.padEnd(digits, '0')}`;
  return formatterOf(locale, digits).format(text as Intl.StringNumericLiteral);
}

/**
 * A reading for a narrow value column on a wall screen: {@link formatFixedDigits}, but with fewer
 * decimals as the whole part grows, so that a cell shows at most `maxDigits` digits (default 4) unless its
 * whole part alone has more. CO with 1 digit: 3.6 → "3.6", 103.18 → "103.1", 1234.5 → "1,234", 10000 →
 * "10,000"; O₂ with 2 digits: 20.95 → "20.95", 100 → "100.0". The dropped decimals are cut, never rounded
 * (docs/product.md "Validation and display"): four significant digits is what a gas detector's own display
 * shows, and a fifth would push the column wider than a wall-screen panel has room for.
 *
 * @param digits the metric's decimals, an integer 0…20. @throws RangeError outside that range.
 * @param maxDigits digits a cell aims for, an integer ≥ 1.
 */
export function formatReading(value: number | null | undefined, digits: number, maxDigits = 4, locale: string = currentLanguage().language): string {
  if (value == null || !Number.isFinite(value)) return formatFixedDigits(value, digits, locale);
  const whole = Math.trunc(Math.abs(value));
  const wholeDigits = whole === 0 ? 1 : Math.floor(Math.log10(whole)) + 1;
  const decimals = Math.min(digits, Math.max(0, maxDigits - wholeDigits));
  return formatFixedDigits(value, Math.max(0, Math.min(MAX_DISPLAY_DIGITS, decimals)), locale);
}
