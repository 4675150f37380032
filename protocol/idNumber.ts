/**
 * The resident identity card number of the People's Republic of China (GB 11643-1999 "Citizen identification
 * number"): 17 digits (6 of the address code, 8 of the birth date YYYYMMDD, 3 of the sequence code, odd for
 * men and even for women) and a check character computed by ISO 7064:1983 MOD 11-2 (0–9 or X).
 */

/** Weights of the 17 body digits, 2^(18−i) mod 11 (GB 11643-1999 §8.2). */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character for each remainder 0–10 (GB 11643-1999 §8.2). */
const CHECK = '10X98765432';

/** The check character (0–9 or X) of the 17-digit body `first17`. @throws RangeError unless 17 digits */
export function idNumberCheckDigit(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('an ID number body is 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK[sum % 11];
}

/** The birth date (YYYY-MM-DD) an ID number carries, or null when it is not a real calendar date. */
export function idNumberBirthDate(id: string): string | null {
  if (!/^\d{17}[\dXx]$/.test(id)) return null;
  const [y, m, d] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
}

/**
 * Why `id` is not a valid 18-character ID number (an English sentence for the form), or null when it is:
 * 17 digits and a check character (a lower-case x is accepted), a real birth date, the right check character.
 */
export function idNumberProblem(id: string): string | null {
  if (!/^\d{17}[\dXx]$/.test(id)) return 'must be 18 characters: 17 digits and a check digit (0–9 or X)';
  if (idNumberBirthDate(id) === null) return 'the birth date in it (characters 7–14) is not a real date';
  if (idNumberCheckDigit(id.slice(0, 17)) !== id[17].toUpperCase()) return 'the check digit (last character) does not match: check for a typing error';
  return null;
}

/** `id` as shown to everyone but administrators: the first 4 and last 4 characters, 10 stars between (3301**********1234). */
export function maskIdNumber(id: string): string {
  if (id.length <= 8) return '*'.repeat(id.length);
  return `${id.slice(0, 4)}${'*'.repeat(id.length - 8)}${id.slice(-4)}`;
}
