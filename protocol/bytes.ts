/**
 * Growable byte writer and bounds-checked reader of the binary formats (telemetry chunks in storage,
 * compact tracks on the wire): unsigned LEB128 varints of integers up to 2^53 (arithmetic, not 32-bit
 * shifts), zigzag for signed ones, little-endian float64, length-prefixed UTF-8.
 */
export class ByteWriter {
  private buf = new Uint8Array(1024);
  private n = 0;
  private ensure(k: number): void {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }
  u8(v: number): void {
    this.ensure(1);
    this.buf[this.n++] = v;
  }
  /** Unsigned varint of a non-negative integer up to 2^53. */
  varint(v: number): void {
    this.ensure(8);
    while (v >= 128) {
      this.buf[this.n++] = (v % 128) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[this.n++] = v;
  }
  /** Signed integer as a zigzag varint. */
  zigzag(v: number): void {
    this.varint(v >= 0 ? v * 2 : -v * 2 - 1);
  }
  f64(v: number): void {
    this.ensure(8);
    new DataView(this.buf.buffer, this.buf.byteOffset + this.n, 8).setFloat64(0, v, true);
    this.n += 8;
  }
  /** UTF-8 with its byte length as a varint before it. */
  str(s: string): void {
    const b = new TextEncoder().encode(s);
    this.varint(b.length);
    this.bytes(b);
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }
  /** The bytes written, in a buffer of their own size (safe to keep: no spare capacity held). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

/** Reads what {@link ByteWriter} wrote. @throws RangeError `"{what}: body ends early"` or a varint too long. */
export class ByteReader {
  private i = 0;
  private readonly view: DataView;
  constructor(
    private readonly b: Uint8Array,
    private readonly what: string,
  ) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }
  private need(k: number): void {
    if (this.i + k > this.b.length) throw new RangeError(`${this.what}: body ends early`);
  }
  u8(): number {
    this.need(1);
    return this.b[this.i++];
  }
  varint(): number {
    let v = 0;
    let mul = 1;
    for (;;) {
      const byte = this.u8();
      v += (byte & 127) * mul;
      if (byte < 128) return v;
      mul *= 128;
      if (mul > 2 ** 56) throw new RangeError(`${this.what}: varint too long`);
    }
  }
  zigzag(): number {
    const u = this.varint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }
  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.i, true);
    this.i += 8;
    return v;
  }
  str(): string {
    return this.utf8(this.varint());
  }
  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.b.subarray(this.i, this.i + n);
    this.i += n;
    return out;
  }
  utf8(n: number): string {
    return new TextDecoder().decode(this.bytes(n));
  }
  get done(): boolean {
    return this.i === this.b.length;
  }
}
