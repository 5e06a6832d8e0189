import { afterEach, describe, expect, it, vi } from 'vitest';

describe('zod without code evaluation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds and runs the form schemas without ever calling Function (a CSP eval violation)', async () => {
    const evaluated: unknown[][] = [];
    const RealFunction = Function;
    vi.stubGlobal(
      'Function',
      new Proxy(RealFunction, {
        apply: (_target, _this, args: unknown[]) => {
          evaluated.push(args);
          throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
        },
        construct: (_target, args: unknown[]) => {
          evaluated.push(args);
          throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
        },
      }),
    );
    vi.resetModules();
    // The order of main.tsx: this module first, then everything that builds schemas.
    await import('./zod-jitless');
    const { loginSchema } = await import('@forkful/contracts');
    expect(loginSchema.safeParse({ email: 'cook@example.com', password: 'pass phrase' }).success).toBe(true);
    expect(evaluated).toEqual([]);
  });

  it('sets the switch zod itself reads, without importing zod (which would put it into the entry chunk)', async () => {
    vi.resetModules();
    await import('./zod-jitless');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const { default: source } = await import('./zod-jitless.ts?raw');
    expect(source).not.toMatch(/from 'zod'|import\('zod'\)/);
  });

  it('is the first module main.tsx imports', async () => {
    const { default: main } = await import('../main.tsx?raw');
    expect(/^import .*$/m.exec(main)?.[0]).toBe("import './lib/zod-jitless';");
  });
});
