// `q` reads the postings of one of its trigrams to the end (shared/store/list-search.ts): the
// one that, after a first page of each, has come furthest through the user's recordings. The
// answer is every recording whose text holds q, whichever trigram was read; the cost is about
// that trigram's postings plus a first page of the others, not all of them read side by side.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand } from '#shared/clients/dynamodb.ts';
import { dynamo } from '#shared/clients.ts';
import { postingItems, trigramsOf } from '#shared/store/list-postings.ts';
import { searchMatches } from '#shared/store/list-search.ts';
import { tableName } from '#shared/store/table.ts';
import { createUser } from '#shared/store/users.ts';
import { CapacityMeter } from '../bench/lib/consumed.ts';

const meter = new CapacityMeter();

/** Writes the postings of each text as the recording `first + index` of a new user's. */
async function library(texts: readonly string[], first = 1_000_000 + Math.floor(Math.random() * 1_000_000) * 1000): Promise<{ userId: number; ids: number[] }> {
  const { id: userId } = await createUser({ email: `list-search-${randomUUID()}@example.test` });
  const items = texts.flatMap((text, i) => postingItems(userId, first + i, text));
  for (let i = 0; i < items.length; i += 25) {
    let pending = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const { UnprocessedItems } = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
  return { userId, ids: texts.map((_, i) => first + i) };
}

async function measured(userId: number, q: string) {
  meter.reset();
  const matches = (await searchMatches(userId, q)).map((m) => m.id);
  return { matches: matches.sort((a, b) => a - b), scanned: meter.itemsScanned, reads: meter.reads };
}

beforeAll(() => meter.install(dynamo()));
afterAll(() => {
  dynamo().middlewareStack.remove('benchCapacityMeter');
});

describe('q over the trigram postings', () => {
  it('reads one trigram to the end, not every trigram of q side by side', async () => {
    // Every one of 300 recordings holds the 12 trigrams of "budget review".
    const { userId, ids } = await library(Array.from({ length: 300 }, (_, i) => `weekly budget review ${i}`));
    expect(trigramsOf('budget review').size).toBeGreaterThan(8);
    const { matches, scanned, reads } = await measured(userId, 'budget review');
    expect(matches).toEqual(ids);
    // A first page of 25 of each of the 8 trigrams read, then one of them on: read side by side, 8 × 300.
    expect(scanned).toBeLessThanOrEqual(8 * 25 + 300);
    // The first pages side by side, then the rest of one trigram in one more request, not pages growing one after another.
    expect(reads).toBe(8 + 1);
  });

  it('reads on the trigram that is sparsest where the others are dense, and finds exactly the texts that hold q', async () => {
    // "get" is in every text; "bud", "udg" and "dge" only in the last 40, spread among the others.
    const texts = Array.from({ length: 400 }, (_, i) => (i % 10 === 3 ? `team budget ${i}` : i % 10 === 7 ? `bud get ${i}` : `get together ${i}`));
    const { userId, ids } = await library(texts);
    const { matches, scanned } = await measured(userId, 'budget');
    expect(matches).toEqual(ids.filter((_, i) => texts[i]!.includes('budget')));
    expect(matches).toHaveLength(40);
    // 4 × 25, then the rest of one of the 40-posting trigrams ("bud" has 80: "bud get" too).
    expect(scanned).toBeLessThanOrEqual(4 * 25 + 80);
  });

  it('finds a match whichever trigram ends first, when a trigram is dense early and sparse late', async () => {
    // "lic" is in the first 200 and then rare; "ali" is rare at first and in every text after 200.
    const texts = Array.from({ length: 400 }, (_, i) => (i < 200 ? (i % 20 === 0 ? `alice ${i}` : `licence ${i}`) : i % 20 === 0 ? `alice ${i}` : `alibi ${i}`));
    const { userId, ids } = await library(texts);
    const { matches } = await measured(userId, 'ALICE'.toLowerCase());
    expect(matches).toEqual(ids.filter((_, i) => texts[i]!.includes('alice')));
    expect(await measured(userId, 'nobody')).toEqual({ matches: [], scanned: expect.any(Number), reads: expect.any(Number) });
  });
});
