import type { AttachmentType } from '../../protocol';

/**
 * The type of a file from its first bytes (its "magic bytes"), never from its name:
 * - JPEG `FF D8 FF` (ISO/IEC 10918-1 SOI marker and the next marker's FF);
 * - PNG the 8-byte signature `89 50 4E 47 0D 0A 1A 0A` (ISO/IEC 15948 §5.2);
 * - WebP `RIFF` … `WEBP` (the RIFF container of RFC 9649 §2);
 * - PDF `%PDF-` (ISO 32000-1 §7.5.2 header);
 * - MP4 an ISO base media file (ISO/IEC 14496-12) whose first box is `ftyp` with a video brand
 *   (`isom`, `iso2`…`iso6`, `mp41`, `mp42`, `avc1`, `M4V `, `dash`): HEIF/AVIF pictures and QuickTime share
 *   the box but not these brands and are refused.
 * @returns the type, or null for anything else
 */
export function sniffAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const at = (offset: number, text: string) => bytes.length >= offset + text.length && [...text].every((c, i) => bytes[offset + i] === c.charCodeAt(0));
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'png';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  if (at(0, '%PDF-')) return 'pdf';
  if (at(4, 'ftyp') && MP4_BRANDS.some((brand) => at(8, brand))) return 'mp4';
  return null;
}

/** Major brands of `ftyp` taken as an MP4 video (ISO/IEC 14496-12 and -14, the registered brands of mp4ra.org). */
const MP4_BRANDS = ['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash'];
