// The transcript's words: the transcript JSON carries each segment's word timings and
// confidences where the engine gave them (seeded through the store), and only there.
import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { seedRecording, wav, WORD_SEGMENTS } from './recordings-fixtures.ts';

describe('the transcript word by word', () => {
  it('the transcript JSON has the words of the segments whose engine gave them, and only those', async () => {
    const { user, token } = await newUser();
    const { id } = await seedRecording(user.id, { title: 'Word by word', status: 'COMPLETED', segments: WORD_SEGMENTS, audio: wav(8 * 16_000) });
    const { status, body } = await call(`/recordings/${id}/transcript?format=json`, { token });
    expect(status).toBe(200);
    expect(body.segments).toEqual(WORD_SEGMENTS);
    expect(Object.keys(body.segments[2])).not.toContain('words');
  });
});
