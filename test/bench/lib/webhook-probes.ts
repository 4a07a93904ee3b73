// Webhook latency probes over HTTP against the local stack: one event (a title change, which
// emits exactly one recording.updated) to every webhook of its user, timed from the event's
// commit (the envelope's timestamp) to each arrival at the receiver; and another user's event
// sent while a burst for the first user is still being delivered.
import { randomUUID } from 'node:crypto';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser } from '#shared/store/users.ts';
import { waitUntil, type Receiver } from '../../support/receiver.ts';
import { withServiceEnv } from './service-env.ts';
import type { BenchStack } from './stack.ts';
import { summarize, type Summary } from './stats.ts';

export interface Caller {
  readonly url: string;
  readonly token: string;
}

export async function call<T>(caller: Caller, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${caller.url}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${caller.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/** Renames the recording and waits for `expected` arrivals of that recording.updated; their latencies in ms. */
async function titleChange(caller: Caller, receiver: Receiver, recordingId: number, expected: number, timeoutMs = 30_000): Promise<number[]> {
  const title = `bench ${randomUUID()}`;
  const from = receiver.received.length;
  const arrivals = () =>
    receiver.received.slice(from).flatMap((r) => {
      const body = JSON.parse(r.body) as { type: string; timestamp: string; data?: { recording_id?: number; title?: string } };
      return body.type === 'recording.updated' && body.data?.recording_id === recordingId && body.data.title === title ? [r.at - Date.parse(body.timestamp)] : [];
    });
  await call(caller, 'PATCH', `/recordings/${recordingId}`, { title });
  await waitUntil(() => arrivals().length >= expected, timeoutMs, `${expected} deliveries of recording ${recordingId}'s title change`);
  return arrivals();
}

/** `count` title changes one after another, each waited for: event → first attempt for every webhook. */
export async function oneEventLatency(caller: Caller, receiver: Receiver, recordingId: number, webhooks: number, count: number): Promise<{ events: number; latencyMs: Summary }> {
  const all: number[] = [];
  for (let i = 0; i < count; i++) all.push(...(await titleChange(caller, receiver, recordingId, webhooks)));
  return { events: count, latencyMs: summarize(all) };
}

/** A second user with one webhook on its own receiver and one recording whose first events have been delivered. */
export async function otherUser(stack: BenchStack, env: Record<string, string>, receiver: Receiver, upload: (caller: Caller) => Promise<number>): Promise<{ caller: Caller; recordingId: number }> {
  const token = await withServiceEnv(env, async () => {
    const user = await createUser({ email: `bench-other-${randomUUID()}@example.test`, name: 'bench other' });
    return (await issueToken(user.id, 'bench', 0)).secret;
  });
  const caller = { url: stack.url, token };
  await call(caller, 'POST', '/webhooks', { name: 'bench other user', url: receiver.url, events: ['*'], allow_http: true });
  const recordingId = await upload(caller);
  // Its own pipeline events (created … summary completed) out of the way first.
  await waitUntil(() => receiver.received.length >= 4, 60_000, "the other user's first 4 deliveries");
  return { caller, recordingId };
}

export interface Probe {
  readonly latencyMs: number;
  /** Deliveries of the burst not yet arrived when the probe's event was sent. */
  readonly burstOutstanding: number;
}

/** Title changes of the other user's recording, `gapMs` apart, while `outstanding()` says the burst is still going. */
export async function probeDuringBurst(other: { caller: Caller; recordingId: number }, receiver: Receiver, outstanding: () => number, count: number, gapMs: number): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (let i = 0; i < count; i++) {
    const burstOutstanding = outstanding();
    if (burstOutstanding === 0) break;
    const [latencyMs] = await titleChange(other.caller, receiver, other.recordingId, 1);
    probes.push({ latencyMs: latencyMs!, burstOutstanding });
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return probes;
}
