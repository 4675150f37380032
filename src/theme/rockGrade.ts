import type { RockGrade } from '../../protocol';

/**
 * Surrounding-rock grade colours, I (sound, green) to VI (very poor, deep red); grey when not set. One table
 * for every view that draws grades (the personnel map's faces, the bores' grade bands and their legend),
 * so a grade is the same colour wherever a site looks.
 */
export const ROCK_GRADE_COLOR: Record<Exclude<RockGrade, null> | 'none', string> = {
  I: '#16a34a',
  II: '#65a30d',
  III: '#ca8a04',
  IV: '#ea580c',
  V: '#dc2626',
  VI: '#9f1239',
  none: '#64748b',
};
