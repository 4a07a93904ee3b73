// Voices recognised across recordings, through the real pipeline: the flite meeting gets two
// labels; once they are named, a second meeting with the same two voices is offered the right
// names, and not the wrong ones.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { makeMeeting, makeMeetingFrom, type Meeting } from '../support/speech.ts';
import { upload, waitForStatus } from '../support/uploads.ts';

// B (slt) speaks first here, so its label is SPEAKER_00 in this recording.
const SECOND_MEETING = [
  { speaker: 'B', text: 'Hello, this is the follow up about the vendor contract.' },
  { speaker: 'A', text: 'Thanks. The vendor agreed to the new price last night.' },
  { speaker: 'B', text: 'Great. Please send the signed contract to legal this week.' },
  { speaker: 'A', text: 'I will send it tomorrow morning after the review.' },
  { speaker: 'B', text: 'Perfect. We can close the topic at the next meeting.' },
  { speaker: 'A', text: 'Agreed. Have a nice evening everyone.' },
] as const;

let token: string;
let first: { id: number; meeting: Meeting };
let second: { id: number; meeting: Meeting };

async function transcribed(meeting: Meeting): Promise<number> {
  const response = await upload(token, meeting.path);
  await waitForStatus(response.body.id, ['COMPLETED'], 90_000);
  return response.body.id;
}

beforeAll(async () => {
  ({ token } = await newUser());
  const one = await makeMeeting(mkdtempSync(join(tmpdir(), 'verbatim-voices-')));
  const two = await makeMeetingFrom(mkdtempSync(join(tmpdir(), 'verbatim-voices-')), SECOND_MEETING);
  first = { id: await transcribed(one), meeting: one };
  second = { id: await transcribed(two), meeting: two };
}, 200_000);

/** The share of a recording's segments whose label belongs to the voice that spoke there. */
async function labelAccuracy(id: number, meeting: Meeting, labelOf: Record<'A' | 'B', string>): Promise<number> {
  const { body } = await call(`/recordings/${id}/transcript?format=json`, { token });
  const segments = body.segments as { speaker: string; label?: string; start_time: number; end_time: number; sentence: string }[];
  const right = segments.filter((s) => {
    const line = meeting.script.find((l) => s.sentence.split(' ').filter((w) => l.text.toLowerCase().includes(w)).length > s.sentence.split(' ').length / 2);
    return line !== undefined && (s.label ?? s.speaker) === labelOf[line.speaker];
  });
  return right.length / segments.length;
}

describe('recognising voices across recordings', () => {
  it('labels the two voices of the meeting, at least 90 % of segments on the right one', async () => {
    const accuracy = await labelAccuracy(first.id, first.meeting, { A: 'SPEAKER_00', B: 'SPEAKER_01' });
    console.log(`label accuracy ${(accuracy * 100).toFixed(0)} %`);
    expect(accuracy).toBeGreaterThanOrEqual(0.9);
    const { body } = await call(`/recordings/${first.id}/speakers`, { token });
    expect(body.speakers.map((s: { label: string }) => s.label).sort()).toEqual(['SPEAKER_00', 'SPEAKER_01']);
  });

  it('offers the right name for each voice of a second recording once the first is named', async () => {
    const assigned = await call(`/recordings/${first.id}/speakers/assign`, { method: 'PUT', token, body: { speaker_map: { SPEAKER_00: 'Alice', SPEAKER_01: 'Bob' }, regenerate_summary: false } });
    expect(assigned.status).toBe(200);
    const { body } = await call(`/recordings/${second.id}/speakers?threshold=0`, { token });
    const best = (label: string) => body.suggestions[label]?.[0];
    const score = (label: string, name: string) => (body.suggestions[label] as { name: string; similarity: number }[]).find((s) => s.name === name)?.similarity ?? 0;
    console.log(JSON.stringify(body.suggestions));
    // In the second meeting B speaks first: SPEAKER_00 is Bob's voice, SPEAKER_01 Alice's.
    expect(best('SPEAKER_00')).toMatchObject({ name: 'Bob' });
    expect(best('SPEAKER_01')).toMatchObject({ name: 'Alice' });
    expect(score('SPEAKER_00', 'Bob')).toBeGreaterThanOrEqual(60);
    expect(score('SPEAKER_01', 'Alice')).toBeGreaterThanOrEqual(60);
    expect(score('SPEAKER_00', 'Alice')).toBeLessThan(50);
    expect(score('SPEAKER_01', 'Bob')).toBeLessThan(50);
  });
});
