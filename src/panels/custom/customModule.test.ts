import { describe, expect, it } from 'vitest';
import { moduleUrlForAttempt, resolveCustomModule } from './customModule';

describe('resolveCustomModule', () => {
  const View = () => null;

  it('takes a default-exported component', () => {
    expect(resolveCustomModule({ default: View })).toEqual({ component: View });
  });

  it('takes { component, configSchema } with a zod-like schema', () => {
    const configSchema = { safeParse: (v: unknown) => ({ success: true as const, data: v }) };
    expect(resolveCustomModule({ default: { component: View, configSchema } })).toEqual({ component: View, configSchema });
  });

  it('refuses modules without a component or with a schema that cannot parse', () => {
    expect(() => resolveCustomModule({})).toThrow(/export default a React component/);
    expect(() => resolveCustomModule({ default: 'hello' })).toThrow(TypeError);
    expect(() => resolveCustomModule(null)).toThrow(TypeError);
    expect(() => resolveCustomModule({ default: { component: View, configSchema: {} } })).toThrow(/safeParse/);
  });
});

describe('moduleUrlForAttempt', () => {
  it('keeps the URL on the first try and busts the failed import on retries', () => {
    expect(moduleUrlForAttempt('/custom-panels/a.js', 0)).toBe('/custom-panels/a.js');
    expect(moduleUrlForAttempt('/custom-panels/a.js', 2)).toBe('/custom-panels/a.js?sbRetry=2');
    expect(moduleUrlForAttempt('https://x.test/a.js?v=3#m', 1)).toBe('https://x.test/a.js?v=3&sbRetry=1#m');
  });
});
