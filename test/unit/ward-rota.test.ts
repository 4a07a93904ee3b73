// From a hospital ward's huddle typed for a user check (Kolkata): a day said to be wrong ("every
// Thursday now, not Wednesday" was a key date on Wednesday), a thing asked after with "is there a
// …?" and given its day in answer (was no event), and an order's capital ("Deadline: Let me know").
// Sentences written for these tests; the meeting is Monday 10 May 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-10T09:30:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);
const reference = dateReference(MEETING, 'Europe/Dublin')!;

describe('a day said to be wrong', () => {
  it('is no date', () => {
    expect(lastLineDates(reference, 'The bin collection is on Tuesdays now, not Monday.')).toEqual([]);
    expect(found('The quiz is on the fourteenth, not the thirteenth.')).toEqual([['Quiz', '2027-05-14T09:00:00+01:00']]);
  });

  it('but a day a thing is not held until is', () => {
    expect(lastLineDates(reference, "The pool doesn't open until Saturday.")).toEqual(['2027-05-15']);
  });
});

describe('"is there a …?"', () => {
  it('asks after a thing, which a day said in answer is for', () => {
    expect(found('Will there be a dress rehearsal?', 'Yes, Thursday at six.')).toEqual([['Dress rehearsal', '2027-05-13T18:00:00+01:00']]);
    expect(found('Is there a site visit as well?', 'Yes, on the 20th, two slots, 10:00 and 14:00.')).toEqual([
      ['Site visit', '2027-05-20T10:00:00+01:00'],
      ['Site visit', '2027-05-20T14:00:00+01:00'],
    ]);
  });

  it('is not answered by "no"', () => {
    expect(found('Is there a practical session too?', 'No, just the tutorial on Friday.').map(([title]) => title)).not.toContain('Practical session');
  });
});

describe('a deadline said as an order', () => {
  it('keeps no capital that only opened the sentence', () => {
    expect(found('Let me know by Friday.')).toEqual([['Deadline: let me know', '2027-05-14T09:00:00+01:00']]);
  });
});
