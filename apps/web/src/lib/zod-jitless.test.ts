import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-jitless';

const RealFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = RealFunction;
});

describe('zod without its JIT (no eval under the CSP)', () => {
  it('is configured jitless', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('creates and parses object schemas without ever calling the Function constructor', () => {
    let constructed = 0;
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args: string[]) {
        constructed += 1;
        return Reflect.construct(target, args);
      },
    });
    const schema = z.object({ Status: z.boolean(), Result: z.object({ Message: z.string() }) });
    for (let i = 0; i < 3; i += 1)
      expect(schema.parse({ Status: true, Result: { Message: '<img src=x>' } })).toEqual({
        Status: true,
        Result: { Message: '<img src=x>' },
      });
    expect(constructed).toBe(0);
  });
});
