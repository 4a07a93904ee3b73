// The webhook sender's kept connections: one pool per origin and pinned address, closed when
// idle for a minute or when more than 64 are open (no connection is made here).
import { describe, expect, it } from 'vitest';
import { pooledAgent } from '#shared/webhooks/pinned-pool.ts';

const target = (origin: string, address = '93.184.216.34') => ({ url: new URL(`${origin}/hook`), address, family: 4 as const });
const MINUTE = 60_000;

describe('webhook connection pools', () => {
  it('keeps one pool per origin and pinned address', () => {
    const first = pooledAgent(target('https://a.test'), 0);
    expect(first.reused).toBe(false);
    const again = pooledAgent(target('https://a.test'), 1);
    expect(again).toEqual({ agent: first.agent, reused: true });
    // Another address for the same name (DNS changed), another port, another scheme: pools of their own.
    for (const other of [target('https://a.test', '93.184.216.35'), target('https://a.test:8443'), target('http://a.test')]) {
      const pool = pooledAgent(other, 2);
      expect(pool.reused).toBe(false);
      expect(pool.agent).not.toBe(first.agent);
    }
  });

  it('closes a pool not used for a minute', () => {
    const idle = pooledAgent(target('https://idle.test'), 10 * MINUTE);
    const busy = pooledAgent(target('https://busy.test'), 10 * MINUTE + 1000);
    pooledAgent(target('https://busy.test'), 11 * MINUTE + 500);
    expect(idle.agent.closed).toBe(true);
    expect(busy.agent.closed).toBe(false);
    expect(pooledAgent(target('https://idle.test'), 11 * MINUTE + 600)).toMatchObject({ reused: false });
    // Used again after a long pause, a pool is kept for its caller.
    const back = pooledAgent(target('https://busy.test'), 15 * MINUTE);
    expect(back).toEqual({ agent: busy.agent, reused: true });
    expect(busy.agent.closed).toBe(false);
  });

  it('closes the least recently used pools beyond 64', () => {
    const now = 20 * MINUTE;
    const pools = Array.from({ length: 64 }, (_, i) => pooledAgent(target(`https://h${i}.test`), now + i).agent);
    pooledAgent(target('https://h0.test'), now + 100);
    expect(pools.some((agent) => agent.closed)).toBe(false);
    // h0 was used again, so h1 and then h2 are the least recently used.
    pooledAgent(target('https://h64.test'), now + 101);
    pooledAgent(target('https://h65.test'), now + 102);
    expect(pools.map((agent) => agent.closed).slice(0, 4)).toEqual([false, true, true, false]);
  });
});
