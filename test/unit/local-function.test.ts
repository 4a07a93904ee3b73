// The local Lambda stand-in: a function runs from its bundle in an instance with its own
// environment, one call at a time, and an instance past the timeout is stopped.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FunctionTimeoutError, LocalFunction } from '../../infra/local/lambda/pool.ts';

const bundle = mkdtempSync(join(tmpdir(), 'verbatim-bundle-'));
writeFileSync(
  join(bundle, 'index.mjs'),
  `let calls = 0;
   export const handler = async (event, context) => {
     calls += 1;
     if (event.sleep) await new Promise((r) => setTimeout(r, event.sleep));
     if (event.fail) throw new TypeError('asked to fail');
     return { calls, who: process.env.WHO, key: process.env.AWS_ACCESS_KEY_ID, name: context.functionName, memory: context.memoryLimitInMB, left: context.getRemainingTimeInMillis() };
   };`,
);
const make = (who: string, timeoutSeconds = 2) =>
  new LocalFunction({ name: `fn-${who}`, bundle, memoryMb: 128, timeoutSeconds, env: { WHO: who, AWS_ACCESS_KEY_ID: who.toUpperCase() }, maxInstances: 1 });
afterAll(() => rmSync(bundle, { recursive: true, force: true }));

describe('a local function', () => {
  it('runs its bundle with its own environment and context, keeping the instance warm', async () => {
    const a = make('a');
    const b = make('b');
    try {
      expect(await a.invoke({})).toMatchObject({ calls: 1, who: 'a', key: 'A', name: 'fn-a', memory: '128' });
      expect(await b.invoke({})).toMatchObject({ calls: 1, who: 'b', key: 'B' });
      const warm = (await a.invoke({})) as { calls: number; left: number };
      expect(warm.calls).toBe(2);
      expect(warm.left).toBeGreaterThan(1000);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('passes a thrown error back with its name and message', async () => {
    const f = make('c');
    try {
      await expect(f.invoke({ fail: true })).rejects.toMatchObject({ name: 'TypeError', message: 'asked to fail' });
    } finally {
      await f.stop();
    }
  });

  it('stops a call past the timeout, and the next call starts a fresh instance', async () => {
    const f = make('d', 1);
    try {
      await f.invoke({});
      await expect(f.invoke({ sleep: 5000 })).rejects.toBeInstanceOf(FunctionTimeoutError);
      expect(await f.invoke({})).toMatchObject({ calls: 1 });
    } finally {
      await f.stop();
    }
  });
});
