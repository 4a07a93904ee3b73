// The transcript's words: the transcript JSON carries each segment's word timings and
// confidences where the engine gave them (seeded through the store), and only there.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { call, newUser } from '../support/api.ts';
import { seedRecording, wav } from './recordings-fixtures.ts';

const SEGMENTS: Segment[] = [
  {
    speaker: 'SPEAKER_00',
    sentence: 'good morning everyone',
    start_time: 0.4,
    end_time: 2.1,
    words: [
      { word: 'good', start: 0.4, end: 0.75, confidence: 0.93 },
      { word: 'morning', start: 0.8, end: 1.3, confidence: 0.21 },
      { word: 'everyone', start: 1.35, end: 2.1, confidence: 0.88 },
    ],
  },
  {
    speaker: 'SPEAKER_01',
    sentence: 'shall we start',
    start_time: 2.6,
    end_time: 3.9,
    words: [
      { word: 'shall', start: 2.6, end: 2.9, confidence: 0.9 },
      { word: 'we', start: 2.95, end: 3.1, confidence: 0.97 },
      { word: 'start', start: 3.15, end: 3.9, confidence: 0.64 },
    ],
  },
  // An engine that gives no word timings: the segment is one button, as before.
  { speaker: 'SPEAKER_00', sentence: 'yes let us begin', start_time: 4.5, end_time: 6 },
];

describe('the transcript word by word', () => {
  it('the transcript JSON has the words of the segments whose engine gave them, and only those', async () => {
    const { user, token } = await newUser();
    const { id } = await seedRecording(user.id, { title: 'Word by word', status: 'COMPLETED', segments: SEGMENTS, audio: wav(8 * 16_000) });
    const { status, body } = await call(`/recordings/${id}/transcript?format=json`, { token });
    expect(status).toBe(200);
    expect(body.segments).toEqual(SEGMENTS);
    expect(Object.keys(body.segments[2])).not.toContain('words');
  });
});
