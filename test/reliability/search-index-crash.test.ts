// The search index under SIGKILL: index updates for ten recordings are queued and the runtime
// is killed while its worker applies them; after a restart on the same data folder every
// change is in the index (the FIFO messages are replayed: the worker deletes them only after
// the conditional write), and a change made after the restart is applied on top.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetClients } from '#shared/clients.ts';
import { reloadSettings } from '#shared/config.ts';
import { forgetCachedLibraries, loadLibrary } from '#shared/search/index-store.ts';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { createUser } from '#shared/store/users.ts';
import { queues } from '#shared/topology.ts';
import { startLocalProcess, type LocalProcess } from '../support/local-process.ts';
import { seedRecording } from '../e2e/recordings-fixtures.ts';
import { sleep } from './chaos-support.ts';
import { sharedFakeProviderSettings } from '../support/fake-openai.ts';

const SEARCH_VISIBILITY_SECONDS = queues.find((q) => q.name === 'search')!.visibilityTimeoutSeconds;
const dataDir = mkdtempSync(join(tmpdir(), 'verbatim-search-crash-'));
const settings = { LOG_LEVEL: 'SILENT', ...(await sharedFakeProviderSettings()), SWEEP_INTERVAL_SECONDS: '1', OUTBOX_REPUBLISH_AFTER_SECONDS: '5' };
const processes: LocalProcess[] = [];

async function start(): Promise<LocalProcess> {
  const p = await startLocalProcess(dataDir, settings);
  processes.push(p);
  Object.assign(process.env, p.runtime.env);
  reloadSettings();
  resetClients();
  return p;
}

function killOrphanedDatabase(): void {
  try {
    const { dynamoPid } = JSON.parse(readFileSync(join(dataDir, 'runtime.json'), 'utf8')) as { dynamoPid?: number };
    if (dynamoPid && readFileSync(`/proc/${dynamoPid}/cmdline`, 'utf8').includes('DynamoDBLocal')) process.kill(dynamoPid, 'SIGKILL');
  } catch {
    // gone already
  }
}

beforeAll(async () => {
  await start();
}, 120_000);

afterAll(async () => {
  for (const p of processes) await p.destroy();
  killOrphanedDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

async function indexedIds(userId: number): Promise<Set<number>> {
  forgetCachedLibraries();
  return new Set((await loadLibrary(userId, { fresh: true })).library.recordings.keys());
}

describe('the search index under SIGKILL', () => {
  it('loses no change: updates in flight at the kill are replayed after the restart', async () => {
    const user = await createUser({ email: `crash-${Date.now()}@example.test` });
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await seedRecording(user.id, { title: `crash ${i}`, status: 'COMPLETED', segments: [{ speaker: 'SPEAKER_00', sentence: `unique word kilo${i}`, start_time: 0, end_time: 1 }] });
      ids.push(r.id);
    }
    for (const id of ids) await queueIndexUpdate({ user_id: user.id, recording_id: id });
    // Killed while the worker takes the batch (the poller waits up to a second for messages).
    await sleep(400);
    const victim = processes.at(-1)!;
    await victim.stop('SIGKILL');
    killOrphanedDatabase();
    await start();
    const deadline = Date.now() + 420_000;
    let indexed = await indexedIds(user.id);
    while (ids.some((id) => !indexed.has(id)) && Date.now() < deadline) {
      await sleep(1000);
      indexed = await indexedIds(user.id);
    }
    expect([...indexed].sort()).toEqual([...ids].sort());
    // A change after the restart lands on top of the replayed ones. A message the killed worker
    // had received holds the user's FIFO group until its visibility timeout ends, even when its
    // write was done before the kill (then the ids above are all there at once): the late
    // change may wait that long, as it would behind a crashed Lambda on AWS, and no longer.
    const late = await seedRecording(user.id, { title: 'after the restart', status: 'COMPLETED', segments: [{ speaker: 'SPEAKER_00', sentence: 'late', start_time: 0, end_time: 1 }] });
    await queueIndexUpdate({ user_id: user.id, recording_id: late.id });
    const until = Date.now() + (SEARCH_VISIBILITY_SECONDS + 30) * 1000;
    while (!(await indexedIds(user.id)).has(late.id) && Date.now() < until) await sleep(500);
    expect((await indexedIds(user.id)).size).toBe(11);
  }, 540_000);
});
