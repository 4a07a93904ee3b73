// The search index worker on a hand-made SQS batch, against the local emulators: a malformed
// message is returned alone, and the other users' messages of the batch are applied.
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { handler } from '../../functions/workers/search-index.ts';
import { loadLibrary } from '#shared/search/index-store.ts';
import { newUser } from '../support/api.ts';
import { seedRecording, SEGMENTS } from '../e2e/recordings-fixtures.ts';

const record = (messageId: string, body: string): SQSRecord =>
  ({ messageId, body, attributes: { MessageGroupId: 'g' }, messageAttributes: {}, eventSource: 'aws:sqs', receiptHandle: messageId }) as unknown as SQSRecord;

describe('the search index worker', () => {
  it('returns malformed messages alone and applies the rest of the batch', async () => {
    const owner = await newUser();
    const recording = await seedRecording(owner.user.id, { title: 'Indexed', status: 'COMPLETED', segments: SEGMENTS });
    const event: SQSEvent = {
      Records: [
        record('not-json', '{"user_id":'),
        record('wrong-shape', JSON.stringify({ user_id: -1, recording_id: 'x' })),
        record('good', JSON.stringify({ user_id: owner.user.id, recording_id: recording.id })),
      ],
    };
    const response = await handler(event);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['not-json', 'wrong-shape']);
    expect((await loadLibrary(owner.user.id, { fresh: true })).library.recordings.has(recording.id)).toBe(true);
  });
});
