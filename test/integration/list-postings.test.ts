// The `q` postings follow a recording's changes after its transaction commits
// (shared/store/list-postings.ts): a crash between the commit and the postings is repaired by
// the sweep, and steps of many changes running side by side, their writes landing in any order,
// leave exactly the postings of the newest text.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GetCommand, QueryCommand } from '#shared/clients/dynamodb.ts';
import { dynamo } from '#shared/clients.ts';
import { sweep } from '#shared/pipeline/sweep.ts';
import { listRecordings } from '#shared/recordings/list.ts';
import { listQuery } from '#shared/http/recording-schemas.ts';
import { commitsSettled } from '#shared/store/after-commit.ts';
import { listIndexWrites } from '#shared/store/list-index.ts';
import { applyPostings, trigramsOf } from '#shared/store/list-postings.ts';
import type { Recording } from '#shared/store/recordings.ts';
import { createRecording, writeRecording } from '#shared/store/recording-writes.ts';
import { padId, tableName } from '#shared/store/table.ts';
import { transact } from '#shared/store/transact.ts';
import { createUser } from '#shared/store/users.ts';

async function newRecording(title: string): Promise<Recording> {
  const user = await createUser({ email: `postings-${randomUUID()}@example.test` });
  const { recording } = await createRecording({
    userId: user.id, title, meetingDate: new Date().toISOString(), fileSize: 10, originalFilename: 'a.wav', mimeType: 'audio/wav',
    notes: '', language: null, minSpeakers: null, maxSpeakers: null, tagIds: [], audioKey: `audio/${randomUUID()}`, sha256: randomUUID(),
  });
  await commitsSettled();
  return recording;
}

const total = async (r: Recording, q: string) => (await listRecordings(r.user_id, listQuery().parse({ q }))).pagination.total;

/** A rename committed as writeRecording commits it, whose postings step never runs (the process died). */
async function renameAndCrash(before: Recording, title: string): Promise<Recording> {
  const after = { ...before, title };
  await transact(listIndexWrites(before, after));
  return after;
}

/** Every posting of the recording's grams that exist, with the text each carries. */
async function postings(r: Recording, texts: readonly string[]): Promise<Map<string, unknown>> {
  const grams = new Set(texts.flatMap((t) => [...trigramsOf(`${t.toLowerCase()}\n`)]));
  const found = new Map<string, unknown>();
  for (const gram of grams) {
    const { Items = [] } = await dynamo().send(new QueryCommand({
      TableName: tableName(), KeyConditionExpression: 'PK = :pk AND SK = :sk', ConsistentRead: true,
      ExpressionAttributeValues: { ':pk': `LISTGRAM#${r.user_id}#${gram}`, ':sk': padId(r.id) },
    }));
    for (const item of Items) found.set(gram, item.search);
  }
  return found;
}

/** The created_at (epoch ms) each of these grams' postings of the recording carries (what orders `q` without its entries). */
async function postedDates(r: Recording, grams: readonly string[]): Promise<unknown[]> {
  const keys = grams.map((g) => ({ PK: `LISTGRAM#${r.user_id}#${g}`, SK: padId(r.id) }));
  return Promise.all(keys.map(async (Key) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item?.at));
}

const marker = async (r: Recording) => (await dynamo().send(new GetCommand({ TableName: tableName(), Key: { PK: `LIST#${r.id}`, SK: 'GRAMS' }, ConsistentRead: true }))).Item;

describe('trigram postings after the commit', () => {
  it('are in place when a change returns to a route that waits for its work, as routes and workers do', async () => {
    const r = await newRecording('Quarterly planning');
    const renamed = (await writeRecording(r, { changes: { title: 'Budget review', participants: 'Alice, Bob' } })).recording;
    await commitsSettled();
    expect([await total(renamed, 'planning'), await total(renamed, 'budget'), await total(renamed, 'alice')]).toEqual([0, 1, 1]);
    expect(await postedDates(renamed, ['bud', 'iew', 'ali', ', b'])).toEqual(Array(4).fill(Date.parse(r.created_at)));
    expect((await marker(renamed))?.GSI1PK).toBeUndefined();
  });

  it('left behind by a crash after the commit, are brought up to date by the sweep', async () => {
    const r = await newRecording('Weekly sync');
    const renamed = await renameAndCrash(r, 'Roadmap offsite');
    // Until the sweep, the new title's postings are missing.
    expect(await total(renamed, 'roadmap')).toBe(0);
    expect((await marker(renamed))?.GSI1PK).toBe('LISTGRAMS#PENDING');
    const report = await sweep(new Date(Date.now() + 10 * 60_000));
    expect(report.postings).toBeGreaterThanOrEqual(1);
    expect([await total(renamed, 'roadmap'), await total(renamed, 'weekly')]).toEqual([1, 0]);
    expect(await postedDates(renamed, ['roa', 'ite'])).toEqual([Date.parse(r.created_at), Date.parse(r.created_at)]);
    expect(await postings(renamed, ['Weekly sync', 'Roadmap offsite'])).toEqual(new Map([...trigramsOf('roadmap offsite')].map((g) => [g, 'roadmap offsite\n'])));
    expect((await marker(renamed))?.GSI1PK).toBeUndefined();
  });

  it('of many changes whose steps run side by side end as exactly the newest text', async () => {
    const r = await newRecording('Title zero');
    let current = r;
    const titles = Array.from({ length: 12 }, (_, i) => `Title ${randomUUID().slice(0, 8)} ${i}`);
    const steps: Promise<boolean>[] = [];
    for (const title of titles) {
      current = await renameAndCrash(current, title);
      // Each change's step starts while the earlier ones still write: their writes interleave.
      steps.push(applyPostings(r.id));
      steps.push(applyPostings(r.id));
    }
    await Promise.all(steps);
    // A step that gave up after its rounds leaves the marker pending for the sweep.
    if ((await marker(r))?.GSI1PK) await applyPostings(r.id);
    const newest = `${titles.at(-1)!.toLowerCase()}\n`;
    const found = await postings(r, ['Title zero', ...titles]);
    expect(new Set(found.keys())).toEqual(trigramsOf(newest));
    expect(new Set(found.values())).toEqual(new Set([newest]));
    expect((await marker(r))?.GSI1PK).toBeUndefined();
  });

  it('go with their recording, and a late step of an earlier change leaves none behind', async () => {
    const { deleteRecordingItems } = await import('#shared/store/recording-writes.ts');
    const r = await newRecording('Design review');
    const renamed = await renameAndCrash(r, 'Hiring sync');
    const late = applyPostings(r.id);
    await deleteRecordingItems(renamed);
    await Promise.all([late, commitsSettled()]);
    expect(await postings(r, ['Design review', 'Hiring sync'])).toEqual(new Map());
    expect(await marker(r)).toBeUndefined();
  });
});
