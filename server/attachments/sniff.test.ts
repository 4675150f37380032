import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from './sniff';

const bytes = (...parts: Array<string | number[]>) => new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('sniffAttachmentType', () => {
  it('recognises each accepted type by its first bytes', () => {
    expect(sniffAttachmentType(bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'))).toBe('jpeg');
    expect(sniffAttachmentType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'))).toBe('png');
    expect(sniffAttachmentType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '))).toBe('webp');
    expect(sniffAttachmentType(bytes('%PDF-1.7\n'))).toBe('pdf');
    expect(sniffAttachmentType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0], 'isomiso2avc1mp41'))).toBe('mp4');
    expect(sniffAttachmentType(bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBe('mp4');
  });

  it('refuses by content whatever the name would say: scripts, HTML, SVG, HEIC, QuickTime, truncated headers', () => {
    expect(sniffAttachmentType(bytes('<html><script>alert(1)</script>'))).toBeNull();
    expect(sniffAttachmentType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffAttachmentType(bytes('MZ', [0x90, 0]))).toBeNull();
    expect(sniffAttachmentType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffAttachmentType(bytes([0, 0, 0, 0x14], 'ftypqt  '))).toBeNull();
    expect(sniffAttachmentType(bytes('RIFF', [0, 0, 0, 0], 'WAVE'))).toBeNull();
    expect(sniffAttachmentType(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffAttachmentType(new Uint8Array())).toBeNull();
  });
});
