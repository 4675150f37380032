import { z } from 'zod';

/**
 * Text a device or a client may send, refused at the edge when it holds characters a database or a log
 * cannot carry safely: C0 controls (U+0000–U+001F, NUL included: PostgreSQL `text` cannot store it, so
 * such a string fails the INSERT after passing a plain `z.string()`), DEL (U+007F), C1 controls
 * (U+0080–U+009F), and lone UTF-16 surrogates (not valid Unicode; JSON.parse accepts `"\ud800"`, UTF-8
 * encoders then substitute or throw). `multiLine` also admits tab, line feed and carriage return.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` is not safe text, or null when it is. Pure; `multiLine` admits \t, \n and \r. */
export function unsafeTextReason(s: string, multiLine = false): string | null {
  if ((multiLine ? CONTROL_EXCEPT_WHITESPACE : CONTROL).test(s)) return 'must not contain control characters';
  if (LONE_SURROGATE.test(s)) return 'must not contain unpaired UTF-16 surrogates';
  return null;
}

/**
 * A zod string schema of at most `maxLength` UTF-16 code units without control characters or lone
 * surrogates (see {@link unsafeTextReason}). For free-text fields of device messages and request bodies.
 */
export function safeText(maxLength: number, opts: { multiLine?: boolean } = {}) {
  return z
    .string()
    .max(maxLength)
    .check((ctx) => {
      const reason = unsafeTextReason(ctx.value, opts.multiLine ?? false);
      if (reason !== null) ctx.issues.push({ code: 'custom', message: reason, input: ctx.value });
    });
}
