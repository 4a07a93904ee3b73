// From a twenty-sixth round of meetings typed for a user check (an operations team in
// Asia/Kolkata): "their time" when the ones whose time it is are named by their city ("the
// Singapore office", "the Berlin team"); a bare hour before a city's "time" ("at eleven Lisbon
// time"); a sentence that only names a thing opens it as an item of the agenda, which a day said
// next is for ("Supplier audit." … "they want it on Thursday at two"); a reply that agrees to what
// was asked of its speaker and says when ("sure, by Monday", "done by tomorrow noon") is when it is
// due, and a deadline it gives is the task's; an occasion needed ("we need a fire drill") is what a
// day offered next is for, at the hour "…works, say ten" gives; "let's book the offsite for …" names
// the offsite; "i'll take next week" is no task. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

/** Tuesday 10 August 2027, 10:30 in Kolkata (UTC+5:30). */
const MEETING = '2027-08-10T10:30:00+05:30';
const reference = dateReference(MEETING, 'Asia/Kolkata')!;
const found = (...lines: string[]) => events(lines, MEETING, 'Asia/Kolkata').map((e) => [e.title, e.start_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.label]);

describe('a time said in the zone of the ones it is for', () => {
  it('reads "their time" in the city that names them', () => {
    expect(lastLineDates(reference, 'The Singapore office wants the call on Wednesday at nine their time.')).toEqual(['2027-08-11T06:30:00+05:30']);
  });
  it('reads a bare hour before a city and "time"', () => {
    expect(lastLineDates(reference, 'Can we do Thursday at eleven Lisbon time?')).toEqual(['2027-08-12T15:30:00+05:30']);
    expect(lastLineDates(reference, 'Let us say at seven Sydney time on Friday.')).toEqual(['2027-08-13T02:30:00+05:30']);
  });
});

describe('a sentence that only names a thing', () => {
  it('opens an item of the agenda a day said next is for', () => {
    expect(found('Supplier audit.', 'They want it on Thursday at two.')).toEqual([['Supplier audit', '2027-08-12T14:00:00+05:30']]);
    expect(found('Right, the office move.', 'Facilities want it on the twentieth.')).toEqual([['Office move', '2027-08-20T09:00:00+05:30']]);
  });
  it('is not what is said of the talk', () => {
    expect(found('Good point.', 'They want it on Thursday at two.')).toEqual([]);
  });
});

describe('a reply that agrees and says when', () => {
  it('is when the task asked is due', () => {
    expect(items('Ada|Femi, can you renew the domain?', 'Femi|Sure, by Monday.')).toEqual([['Femi', 'renew the domain', 'Mon 16 Aug 2027']]);
    expect(items('Ada|Ola, you draft the press release.', 'Ola|Will do, by Friday.')).toEqual([['Ola', 'draft the press release', 'Fri 13 Aug 2027']]);
    expect(items('Ada|Ola, you draft the press release.', 'Ola|Done by tomorrow noon.')).toEqual([['Ola', 'draft the press release', 'Wed 11 Aug 2027 12:00']]);
  });
  it('names no deadline by its agreeing word when no task was asked', () => {
    expect(found('Done by tomorrow noon.').map(([title]) => title)).toEqual(['Deadline']);
    expect(found('Okay, by Friday then.').map(([title]) => title)).toEqual(['Deadline']);
  });
  it('gives the task its deadline', () => {
    expect(found('Femi, can you renew the domain?', 'Sure, by Monday.')).toEqual([['Deadline: renew the domain', '2027-08-16T09:00:00+05:30']]);
  });
});

describe('a thing needed, its day offered next', () => {
  it('is that thing, at the hour said after "works, say"', () => {
    expect(found('We need a fire drill before the audit. Wednesday morning?', 'Wednesday morning works, say ten.')).toEqual([['Fire drill', '2027-08-11T10:00:00+05:30']]);
  });
  it('is no event when the thing is no occasion', () => {
    expect(found('We need a new printer. How about Thursday?')).toEqual([]);
  });
});

describe('a thing booked or scheduled in the plain form', () => {
  it('is named by what is booked', () => {
    expect(found("Let's book the offsite for the third of September.")).toEqual([['Offsite', '2027-09-03T09:00:00+05:30']]);
    expect(found("We'll schedule the board call for Tuesday at nine.")).toEqual([['Board call', '2027-08-17T09:00:00+05:30']]);
  });
});

describe('a verb that needs its object, said alone with a day', () => {
  it('is no task', () => {
    expect(items("Mei|Fine, I'll take next week.")).toEqual([]);
    expect(items('Mei|Okay, I will do Monday.')).toEqual([]);
  });
});
