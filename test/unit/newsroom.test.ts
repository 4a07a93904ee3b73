// A newsroom's morning conference, typed for a user check: a weekday that names a thing held on
// another day ("the Sunday edition goes to press on Saturday") is no date; "you'll have it by half
// three" is the speaker's promise to send the thing asked for ("I need your copy by four"), not
// a task of the one spoken to; "by eleven" said where a deadline ends is a time. Sentences
// written for these tests; the meeting is Monday 18 January 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-01-18T09:30:00Z';
const ZONE = 'Europe/London';
const reference = dateReference(MEETING, ZONE)!;

describe('a weekday that names a thing held on another day', () => {
  it('is no date', () => {
    expect(lastLineDates(reference, 'the saturday supplement goes to print on thursday at six')).toEqual(['2027-01-21T18:00:00+00:00']);
    expect(events(['the thursday call moves to friday at ten'], MEETING, ZONE).map((e) => [e.title, e.start_datetime])).toEqual([['Thursday call', '2027-01-22T10:00:00+00:00']]);
  });

  it('stays a date when it says when, or nothing else is said', () => {
    expect(lastLineDates(reference, 'the sunday after the launch is free')).toHaveLength(1);
    expect(lastLineDates(reference, 'the friday deadline for the features')).toEqual(['2027-01-22']);
  });
});

describe('"you\'ll have it"', () => {
  it('is the speaker sending the thing asked for', () => {
    const items = itemsOfTalk(reference, 'Priya|Ola, I need your review by noon.', "Ola|You'll have it by eleven.").map((i) => [i.owner, i.task, i.due?.iso]);
    expect(items).toEqual([['Ola', 'send the review', '2027-01-18T11:00:00+00:00']]);
  });

  it('leaves a "you" who is to do something theirs', () => {
    const items = itemsOfTalk(reference, 'Priya|Ola, you will check the proofs by noon.', 'Ola|Okay.').map((i) => [i.owner, i.task]);
    expect(items).toEqual([['Ola', 'check the proofs']]);
  });
});

describe('"by" and an hour said in words', () => {
  it('is a time where a deadline ends', () => {
    expect(lastLineDates(reference, "i'll send the layout by three")).toEqual(['2027-01-18T15:00:00+00:00']);
    expect(lastLineDates(reference, 'can you get the captions to me by four, please')).toEqual(['2027-01-18T16:00:00+00:00']);
    expect(lastLineDates(reference, 'we need the quotes by eleven at the latest')).toEqual(['2027-01-18T11:00:00+00:00']);
  });

  it('is no time as a change or a score', () => {
    expect(lastLineDates(reference, 'we won the quiz by two.')).toEqual([]);
    expect(lastLineDates(reference, 'cut the piece by three.')).toEqual([]);
    expect(lastLineDates(reference, 'the print run went up by five.')).toEqual([]);
  });
});
