// Helpers for the fault-injection suite: a seeded random generator (so a failing run can be
// replayed with the same CHAOS_SEED), the flaky receiver's failure pattern, distinct small WAVs,
// and direct reads of the runtime's store for what the API does not show (the outbox itself).
import { createHmac } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Answer, Received } from '../support/receiver.ts';
import { silentWav } from '../support/uploads.ts';

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, to derive a per-delivery seed from the suite's seed and a delivery id. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The flaky receiver: each request fails with a 500 half of the time, drawn from a generator
 * seeded by the suite's seed and the delivery id, but never more than `maxRun` times in a row
 * for one delivery id, and never again once it has taken that delivery. With
 * WEBHOOK_MAX_ATTEMPTS=5 and maxRun=3, the service records at most 3 failed attempts of a
 * delivery whatever the kills do (a killed attempt is not recorded, and a 200 whose recording a
 * kill prevented is followed by 200s only), so "arrives at least once" and "ends in success"
 * are deterministic rather than true with probability 31/32 per delivery.
 */
export function flakyAnswers(seed: number, header: string, maxRun = 3): { answer: (r: Received) => Answer; failures: () => number } {
  const state = new Map<string, { random: () => number; run: number; taken: boolean }>();
  let failures = 0;
  return {
    failures: () => failures,
    answer: (request) => {
      const id = request.headers[header] ?? '';
      let s = state.get(id);
      if (!s) state.set(id, (s = { random: seededRandom(hash32(`${seed}:${id}`)), run: 0, taken: false }));
      const fail = !s.taken && s.random() < 0.5 && s.run < maxRun;
      s.run = fail ? s.run + 1 : 0;
      s.taken ||= !fail;
      if (fail) failures++;
      return fail ? { status: 500, body: 'flaky' } : { status: 200 };
    },
  };
}

/** One second of near-silence whose bytes differ per index, so no upload is a duplicate of another. */
export function distinctWav(index: number): Uint8Array {
  const wav = silentWav(1);
  const view = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  view.writeInt16LE(index + 1, 44);
  view.writeInt16LE(-(index + 1), 46);
  return wav;
}

export function validSignature(secret: string, body: string, header: string | undefined): boolean {
  return header === `sha256=${createHmac('sha256', Buffer.from(secret, 'utf8')).update(body, 'utf8').digest('hex')}`;
}

export interface StoredEvent {
  readonly id: string;
  readonly type: string;
  readonly recording_id: number | null;
  readonly seq: number;
}

/** Reads the runtime's table directly (the endpoint changes with every start). */
export class StoreReader {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(env: Record<string, string>) {
    const base = new DynamoDBClient({
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: env.AWS_REGION ?? 'us-east-1',
      credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID ?? 'local', secretAccessKey: env.AWS_SECRET_ACCESS_KEY ?? 'local' },
    });
    this.client = DynamoDBDocumentClient.from(base);
    this.table = env.TABLE_NAME ?? 'verbatim';
  }

  private async query(input: Omit<QueryCommandInput, 'TableName'>): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(new QueryCommand({ ...input, TableName: this.table, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    return items;
  }

  /** The outbox's record of one recording's events, in order: the source of truth for deliveries. */
  async recordingEvents(recordingId: number): Promise<StoredEvent[]> {
    const items = await this.query({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': `REC#${recordingId}#EVENTS` } });
    return items.map((i) => i.event as StoredEvent);
  }

  /** Events committed but not yet published (still in the sparse OUTBOX index). */
  async unpublishedEvents(): Promise<number> {
    return (await this.query({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': 'OUTBOX' } })).length;
  }

  /** Deliveries still pending or retrying (the sparse DELIVERIES#DUE index). */
  async dueDeliveries(): Promise<number> {
    return (await this.query({ IndexName: 'GSI2', KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': 'DELIVERIES#DUE' } })).length;
  }

  /** A recording's stored item, for the diagnosis of one that does not finish. */
  async recording(id: number): Promise<Record<string, unknown> | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: { PK: `REC#${id}`, SK: 'REC' } }));
    return Item;
  }

  close(): void {
    this.client.destroy();
  }
}
