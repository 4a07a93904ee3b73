// How a club talks: a thing a day owns ("saturday's match"), a time said after it in one breath,
// a meeting time after "so", questions and requests that ask for nothing to be done, and a short
// request with its date. Sentences written for this test, as an unpunctuated recogniser writes them.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import { DatesSaid, findDates } from '#shared/text/spoken-dates.ts';
import type { Segment } from '#shared/providers/types.ts';
import { events } from '../support/spoken-events.ts';

/** Monday 7 December 2026, 19:30 in London. */
const MEETING = '2026-12-07T19:30:00Z';
const titled = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);
const items = (sentence: string) => findActionItems([{ speaker: 'Coach', sentence, start_time: 0, end_time: 4 } as Segment, { speaker: 'Ravi', sentence: 'okay', start_time: 5, end_time: 6 }], dateReference(MEETING, 'Europe/London')).map((i) => [i.owner, i.task, i.due?.label]);

describe('a thing a day owns', () => {
  it('is the event of that day, at the time said after it', () => {
    expect(titled("sunday's tournament is at the leisure centre we start at ten so meet in the car park at nine fifteen")).toEqual([
      ['Tournament', '2026-12-13T10:00:00+00:00', 'Leisure centre'],
      ['Meeting', '2026-12-13T09:15:00+00:00', 'Car park'],
    ]);
    expect(titled("and friday's rehearsal moves to the church hall")).toEqual([['Rehearsal', '2026-12-11T09:00:00+00:00', 'Church hall']]);
  });
});

describe('a week said as what a thing is for', () => {
  it('names no event', () => {
    expect(titled('this week is tuesday and thursday as usual')).toEqual([]);
  });
});

describe('a question or a request that asks for nothing to be done', () => {
  it('is no task', () => {
    expect(items('do we need to bring our own water')).toEqual([]);
    expect(items('kits please the away team might want us to change')).toEqual([]);
  });
});

describe('a short request with its date', () => {
  it('is a task of one verb', () => {
    expect(items('fees are due so please pay by friday')).toEqual([['Ravi', 'pay', 'Fri 11 Dec 2026']]);
  });

  it('leaves the deadline titled by what is due', () => {
    expect(titled('fees are due so please pay by friday').map(([title]) => title)).toEqual(['Deadline: fees']);
  });
});

describe('a line of times right after a line that named one day', () => {
  it('is that day’s schedule, the evening’s for a thing of the evening', () => {
    expect(titled('the concert at the town hall is on friday the eighteenth', 'warm up is at six then doors open at seven and we start at eight')).toEqual([
      ['Concert', '2026-12-18T18:00:00+00:00', 'Town hall'],
    ]);
  });

  it('is not the day’s when someone takes on a task in it', () => {
    const reference = dateReference(MEETING, 'Europe/London')!;
    const said = new DatesSaid();
    said.add(findDates('the stock take is on friday the eighteenth', reference));
    expect(findDates("i'll call the supplier at nine", reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-07T21:00:00+00:00']);
    expect(findDates('the van comes at nine and we start at ten', reference, said.earlier).map((d) => d.iso)).toEqual(['2026-12-18T09:00:00+00:00', '2026-12-18T10:00:00+00:00']);
  });
});

describe('another day offered for the thing just planned', () => {
  it('moves it there, with its place when the same place is said', () => {
    expect(titled("let's run through the set on wednesday evening at the studio", "i can't do wednesday", 'okay thursday then same place')).toEqual([
      // Planned for the evening, it keeps the evening on the day it moves to (was 09:00, the hour of a day said alone).
      ['Meeting: run through the set', '2026-12-10T18:00:00+00:00', 'Studio'],
    ]);
    expect(titled('the site visit is on tuesday at ten', "let's do friday at ten instead")).toEqual([['Site visit', '2026-12-11T10:00:00+00:00', '']]);
  });

  it('leaves a second day said for it as a second event', () => {
    expect(titled('the call is on monday at ten and then on thursday at ten').map(([title, start]) => [title, start])).toEqual([
      ['Call', '2026-12-14T10:00:00+00:00'],
      ['Call', '2026-12-10T10:00:00+00:00'],
    ]);
  });
});
