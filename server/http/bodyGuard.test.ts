import { describe, expect, it } from 'vitest';
import { BodyRejected, jsonDepthExceeds, MAX_BODY_DEPTH, parseGuardedJson } from './bodyGuard';

describe('parseGuardedJson', () => {
  it('passes ordinary bodies and reads an empty body as {}', () => {
    expect(parseGuardedJson('{"name":"隧道 🚧","a":[1,{"b":null}]}')).toEqual({ name: '隧道 🚧', a: [1, { b: null }] });
    expect(parseGuardedJson('  ')).toEqual({});
  });

  it.each([
    ['{"a":{"name":"x\\u0000"}}', 'a.name: contains a NUL character (U+0000)'],
    ['{"a":["ok","\\udc00"]}', 'a.1: contains a lone surrogate (invalid Unicode)'],
    ['{"a":"\\ud83d"}', 'a: contains a lone surrogate (invalid Unicode)'],
    ['{"x\\u0000":1}', 'body: a key contains a NUL character (U+0000)'],
    ['{"a":{"__proto__":{"isAdmin":true}}}', 'a.__proto__: is not an allowed key'],
    ['{"constructor":1}', 'constructor: is not an allowed key'],
    [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, `body: nested deeper than ${MAX_BODY_DEPTH} levels`],
    ['{"a":', 'body: not valid JSON'],
  ])('refuses %s naming the problem', (text, message) => {
    expect(() => parseGuardedJson(text)).toThrow(BodyRejected);
    expect(() => parseGuardedJson(text)).toThrow(message);
  });

  it('counts depth outside strings only', () => {
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(500)}"}`)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"\\"${'{'.repeat(500)}"}`)).toBe(false);
    expect(jsonDepthExceeds('['.repeat(MAX_BODY_DEPTH) + ']'.repeat(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonDepthExceeds('['.repeat(MAX_BODY_DEPTH + 1))).toBe(true);
  });
});
