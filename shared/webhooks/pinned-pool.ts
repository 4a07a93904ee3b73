// Connections kept between webhook attempts: one undici Agent per (origin, pinned address), so a
// receiver's second POST reuses the first's connection instead of paying a new TCP (and TLS)
// handshake and a new parser. The pool never decides where to connect: every attempt resolves
// and checks its target first (pinned-http.ts), and the pool is picked by the address that check
// pinned. A changed DNS answer therefore gets a pool of its own, and a request is never sent over
// a connection to an address that was not just checked. The origin (scheme, hostname, port) is
// in the key too, so a TLS connection, verified against its hostname when it was made, only
// carries requests for that hostname. Pools not used for POOL_IDLE_MS, and the least recently
// used beyond MAX_POOLS, are closed (undici itself closes a connection idle past its keep-alive
// time, 4 s unless the receiver's Keep-Alive header says less).
import type { LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { logger } from '../logger.ts';

export interface PinnedAddress {
  readonly url: URL;
  readonly address: string;
  readonly family: 4 | 6;
}

interface Pool {
  readonly agent: Agent;
  lastUsed: number;
  /** Whether a request went out on this pool before: a connection it kept may be reused. */
  used: boolean;
}

const POOL_IDLE_MS = 60_000;
const MAX_POOLS = 64;
const pools = new Map<string, Pool>();

/** A lookup that answers the checked address, whatever the name: no second DNS query. */
function pinnedLookup(target: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}

/**
 * The agent for this target's origin and pinned address; `reused` when a connection kept from
 * an earlier request may carry this one. A literal is dialled directly (Node skips the lookup
 * hook for IPs); a name goes through the pinned hook and is kept for SNI and certificate
 * verification (undici sends no SNI for an IP).
 */
export function pooledAgent(target: PinnedAddress, now = performance.now()): { agent: Agent; reused: boolean } {
  const key = `${target.url.origin} ${target.address}`;
  const pool = pools.get(key) ?? { agent: new Agent({ connect: { lookup: pinnedLookup(target) } }), lastUsed: now, used: false };
  const reused = pool.used;
  pool.used = true;
  pool.lastUsed = now;
  // Moved last: the map's order is least recently used first.
  pools.delete(key);
  pools.set(key, pool);
  closeIdle(now);
  return { agent: pool.agent, reused };
}

/** An agent for one request on a connection of its own (destroy it after). */
export function freshAgent(target: PinnedAddress): Agent {
  return new Agent({ connect: { lookup: pinnedLookup(target) }, pipelining: 0 });
}

function closeIdle(now: number): void {
  for (const [key, pool] of pools) {
    if (pools.size <= MAX_POOLS && now - pool.lastUsed < POOL_IDLE_MS) break;
    pools.delete(key);
    // close() lets a request still in flight on it finish.
    pool.agent.close().catch((error: unknown) => logger.warn('a webhook connection pool could not be closed', { error }));
  }
}
