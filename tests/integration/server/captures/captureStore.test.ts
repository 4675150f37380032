import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../../../../server/storage/database';
import { CAPTURE_NAME, CAPTURE_RETENTION_MS, CaptureStore, captureQuery, decodeCapture, sniffImage } from '../../../../server/captures/captureStore';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const T0 = Date.UTC(2026, 0, 1);

describe('capture pictures', () => {
  it('tells JPEG and PNG from their signature and refuses anything else', () => {
    expect(sniffImage(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImage(new Uint8Array(Buffer.from(PNG_1PX, 'base64')))).toBe('image/png');
    expect(sniffImage(new TextEncoder().encode('<svg/>'))).toBeNull();
    expect(decodeCapture('CAM-01', T0, PNG_1PX)).toMatchObject({ name: `CAM-01-${T0}.png`, contentType: 'image/png' });
    expect(decodeCapture('CAM-01', T0, Buffer.from('GIF89a').toString('base64'))).toBeNull();
  });

  it('accepts only {sn}-{ts}.jpg|png names', () => {
    for (const ok of ['CAM-01-1.png', 'a_b-123.jpg']) expect(CAPTURE_NAME.test(ok), ok).toBe(true);
    for (const bad of ['../x-1.png', 'CAM/01-1.png', 'CAM-01-1.png/..', 'CAM-01-1.gif', 'CAM-01-x.png', '-1.png', 'CAM-01-1.png\u0000']) {
      expect(captureQuery.safeParse({ projectId: 'p1', name: bad }).success, bad).toBe(false);
    }
  });

  describe('store (PGlite)', () => {
    let database: OpenDatabase;
    let now = T0;
    let store: CaptureStore;
    beforeAll(async () => {
      database = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
      store = new CaptureStore(database.db, () => now);
    });
    afterAll(() => database.close());

    it('keeps the first copy of a picture sent again, and prunes past the count cap and the retention, oldest first', async () => {
      const pic = decodeCapture('CAM-01', T0, PNG_1PX)!;
      await store.save('p1', 'CAM-01', pic);
      await store.save('p1', 'CAM-01', { ...pic, bytes: new Uint8Array([0xff, 0xd8, 0xff]) });
      expect((await store.read('p1', pic.name))?.bytes).toEqual(pic.bytes);
      expect(await store.read('p2', pic.name)).toBeUndefined();
      for (let i = 1; i <= 4; i++) {
        now = T0 + i;
        await store.save('p1', 'CAM-01', { ...pic, name: `CAM-01-${T0 + i}.png` });
      }
      expect(await store.prune(3)).toBe(2); // 5 kept → the 3 newest
      const names = (await database.db.selectFrom('alarm_captures').select('name').orderBy('stored_at_ms').execute()).map((r) => r.name);
      expect(names).toEqual([2, 3, 4].map((i) => `CAM-01-${T0 + i}.png`));
      now = T0 + 4 + CAPTURE_RETENTION_MS;
      expect(await store.prune()).toBe(2); // older than 90 days: all but the newest
      expect(await database.db.selectFrom('alarm_captures').select('name').execute()).toEqual([{ name: `CAM-01-${T0 + 4}.png` }]);
    });
  });
});
