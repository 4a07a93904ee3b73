// From a call to a dental practice's reception typed for a user check (London): "Thursday she's
// fully booked, but Dr Lewis could see you at four forty" (was no event), "my hygiene appointment
// in March, can I move it to April?" … "the first free one is Tuesday the sixth of April at nine"
// (was "First free one"); from a supervision meeting, "so we'll hear after that" (was a task "hear
// after that"); and from a travel booker's call, "can you send me the itinerary by Friday" after
// "Friday the fifth" (due the coming Friday, its calendar event on the fifth). Sentences written
// for these tests; the meeting is Monday 13 September 2027, 10:00 in Perth.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-09-13T02:00:00Z';
const ZONE = 'Australia/Perth';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('one who can see someone then', () => {
  it('is an appointment with them', () => {
    expect(found('Wednesday he is away, but Dr Moreau could see you at ten past three.')).toEqual([['Appointment with Dr Moreau', '2027-09-15T15:10:00+08:00']]);
    expect(found('The practice nurse can see her on Friday at nine thirty.')).toEqual([['Appointment with the practice nurse', '2027-09-17T09:30:00+08:00']]);
    expect(found('Ilse can fit you in tomorrow at noon.')).toEqual([['Appointment with Ilse', '2027-09-14T12:00:00+08:00']]);
  });

  it('is none when no one sees', () => {
    expect(found('It can see you at two tomorrow.')).toEqual([]);
  });
});

describe('a thing asked to be moved', () => {
  it('is what the day said in answer is for, "one" naming nothing', () => {
    expect(found('Also my eye test in October, could we move it to November?', 'Yes, the earliest one is Friday the fifth of November at half two.')).toEqual([
      ['Eye test', '2027-11-05T14:30:00+08:00'],
    ]);
  });
});

describe('waiting to hear or know', () => {
  it('is no task', () => {
    expect(itemsOfTalk(reference, 'Ana|The panel meets on the ninth, so we will hear back after that.', 'Ben|We will know by Friday.')).toEqual([]);
  });
});

describe('a weekday said alone after a day of that weekday', () => {
  it('is that day for the task as for its calendar event', () => {
    const lines = ['Eli|The audit is on Thursday the twenty first.', 'Kai|Can you get me the receipts by Thursday?'];
    const [item] = itemsOfTalk(reference, ...lines);
    const deadline = events(lines.map((l) => l.split('|')[1]!), MEETING, ZONE).find((e) => e.title.startsWith('Deadline'));
    expect(item?.due?.iso).toBe('2027-10-21');
    expect(deadline?.start_datetime.slice(0, 10)).toBe('2027-10-21');
  });
});
