// How a trip or a launch is planned: "the friday" of the week just named, a thing that leaves
// from a place, an answer ("not yet") before a plan, a time in another zone on a day no date
// says, a thing booked in one word, and a task with someone else's after a comma. Sentences
// written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import { findDates } from '#shared/text/spoken-dates.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events, lastLineDates } from '../support/spoken-events.ts';

/** Thursday 10 December 2026, 14:00 in London. */
const MEETING = '2026-12-10T14:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);

const lastLine = (...lines: string[]) => lastLineDates(reference, ...lines);

describe('"the friday" after a day to come was named', () => {
  it('is that week’s', () => {
    expect(findDates('we fly out on tuesday the ninth of march and come home on the sunday', reference).map((d) => d.iso)).toEqual(['2027-03-09', '2027-03-14']);
    expect(lastLine('the field trip starts on monday the eighteenth of january', 'and the reports are due the friday')).toEqual(['2027-01-22']);
  });

  it('is the coming one when no day to come was named', () => {
    expect(findDates('we are back on the friday', reference).map((d) => d.iso)).toEqual(['2026-12-11']);
  });
});

describe('a thing that leaves from a place', () => {
  it('is named by what leaves, at the place it leaves from', () => {
    expect(titled('the minibus leaves from the sports centre at seven thirty on saturday the sixteenth of january')).toEqual([
      ['Minibus', '2027-01-16T07:30:00+00:00', 'Sports centre'],
    ]);
  });
});

describe('an answer before a plan', () => {
  it('negates nothing that follows it', () => {
    expect(titled('no, the deadline for the entry forms is the eighth of january')).toEqual([['Deadline: entry forms', '2027-01-08T09:00:00+00:00', '']]);
    expect(titled('not yet, the handover is booked for the fifth of january')).toEqual([['Handover', '2027-01-05T09:00:00+00:00', '']]);
  });

  it('leaves a plan called off as it is', () => {
    expect(titled("no, the handover isn't on the fifth any more")).toEqual([]);
  });
});

describe('a time in another zone on a day no date says', () => {
  it('is no date', () => {
    expect(findDates('the results go live at ten am pacific on launch day', reference)).toEqual([]);
  });
});

describe('a thing booked, said in one word', () => {
  it('is named by the word', () => {
    expect(titled('stocktake is scheduled for the twelfth of january at eight')).toEqual([['Stocktake', '2027-01-12T08:00:00+00:00', '']]);
    expect(titled('handover has been moved to the fourteenth of january')).toEqual([['Handover', '2027-01-14T09:00:00+00:00', '']]);
  });
});

describe('a task with what someone else will do after a comma', () => {
  const items = (sentence: string) => findActionItems([{ speaker: 'Kim', sentence, start_time: 0, end_time: 4 } as Segment], reference).map((i) => [i.owner, i.task]);

  it('ends before it', () => {
    expect(items("i'll book the venue, and the caretaker will open up")).toEqual([['Kim', 'book the venue']]);
  });
});

describe('a negated clause with a day of its own', () => {
  it('negates only its own day', () => {
    expect(titled('the ferry leaves on saturday the nineteenth, so anything not packed by friday stays behind')).toEqual([['Ferry', '2026-12-19T09:00:00+00:00', '']]);
    expect(titled("on friday at three, i can't")).toEqual([]);
  });
});

describe('"no" opening a line without a pause', () => {
  it('negates what follows', () => {
    expect(titled('no meeting on friday the eighteenth')).toEqual([]);
  });
});

describe('"no" before a thing', () => {
  it('calls it off, though "no later than" and "no problem" do not', () => {
    expect(titled('there is no rehearsal on friday the eighteenth')).toEqual([]);
    expect(titled('the forms are due no later than friday the eighteenth')).toEqual([['Deadline: forms', '2026-12-18T09:00:00+00:00', '']]);
    expect(titled('no problem, the fitting is on friday the eighteenth')).toEqual([['Fitting', '2026-12-18T09:00:00+00:00', '']]);
  });
});

describe('"the friday" of a weekend said before', () => {
  it('is the Friday of that week, before the weekend', () => {
    expect(lastLine('the party is on saturday the nineteenth', "let's do the shopping on the friday")).toEqual(['2026-12-18']);
  });
});
