// From a food bank's volunteer meeting typed for a user check (London): "distribution is the
// following Saturday" after "packing day is Saturday the twelfth" and "… tonight" (was the coming
// Saturday, and no event), "the van is booked from eight" (was "Van"), "lastly, the council grant
// report is due …" (was "Deadline: lastly, the council grant report"), "I'll finish it this weekend
// and Hannah, can you check the figures on Monday?" (was "finish it and Hannah"), "Marcus said
// he'd do it, but I'll confirm with him tomorrow" (was "confirm with him") and "sure, I can go
// Thursday afternoon after work" in answer to "could you pick up …" (was a second task, "go after
// work"). Sentences written for these tests; the meeting is Wednesday 2 June 2027, 11:00 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-06-02T10:00:00Z';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.start]);

describe('"the following" weekday', () => {
  it('is the one after that weekday said before, though another day was said since', () => {
    expect(lastLineDates(reference, 'The plant sale is on Sunday the thirteenth.', 'I will text the volunteers tomorrow.', 'The clear-up is the following Sunday.')).toEqual(['2027-06-20']);
  });

  it('is the day a thing named in one word is', () => {
    expect(found('Registration is the following Monday.')).toEqual([['Registration', '2027-06-07T09:00:00+01:00']]);
  });
});

describe('a thing booked for the thing of that day', () => {
  it('gives it its time, and the thing names the event', () => {
    expect(found('The fete is on Tuesday the fifteenth.', 'Collection is the following Tuesday. The minibus is booked from ten.')).toEqual([
      ['Fete', '2027-06-15T09:00:00+01:00'],
      ['Collection', '2027-06-22T10:00:00+01:00'],
    ]);
  });
});

describe('words that only order what is said', () => {
  it('are no part of what is due', () => {
    expect(found('Finally, the lottery fund report is due on the thirtieth.')).toEqual([['Deadline: lottery fund report', '2027-06-30T09:00:00+01:00']]);
  });
});

describe('a task and a request run together', () => {
  it('part before "and" and the one asked', () => {
    const said = items('Rosa|The bus pass form is due on Friday. I will fill it in tonight and Omar, can you post it on Thursday?');
    expect(said.map(([owner, task]) => [owner, task])).toEqual([
      ['Rosa', 'fill the bus pass form in'],
      ['Omar', 'post the bus pass form'],
    ]);
  });
});

describe('"him" and "her"', () => {
  it('stand for a name said as who says or does something', () => {
    expect(items('Ike|Shona said she would bring the urn, but I will check with her tomorrow.').map(([owner, task]) => [owner, task])).toContainEqual(['Ike', 'check with Shona']);
  });
});

describe('a reply that agrees to go', () => {
  it('takes on the errand asked, due when it says', () => {
    expect(items('Tom|Jess, could you collect the raffle prizes from the office on Friday?', 'Jess|Yes, I can head over Friday at four.')).toEqual([
      ['Jess', 'collect the raffle prizes from the office', { year: 2027, month: 6, day: 4, hour: 16, minute: 0 }],
    ]);
  });
});
