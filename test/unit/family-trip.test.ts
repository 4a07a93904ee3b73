// A family trip planned: the party setting off or coming home, an hour said beside a time in the
// small hours, and an order after a condition. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import { events, lastLineDates, talk } from '../support/spoken-events.ts';

/** Friday 15 January 2027, 19:00 in London. */
const MEETING = '2027-01-15T19:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime]);

describe('the party setting off', () => {
  it('is a journey named by how and where to', () => {
    expect(timed('the ferry to Bilbao is booked, we leave on the second of april at eight in the morning')).toEqual([['Leave for Bilbao', '2027-04-02T08:00:00+01:00']]);
    expect(timed('we drive back on the eleventh of april')).toEqual([['Drive back', '2027-04-11T09:00:00+01:00']]);
    expect(timed("i'm flying out to Oslo on monday at noon")).toEqual([['Fly out to Oslo', '2027-01-18T12:00:00+00:00']]);
    expect(timed('they set off on the twentieth')).toEqual([['Departure', '2027-01-20T09:00:00+00:00']]);
  });
});

describe('an hour said beside a time in the small hours', () => {
  it('is read near it', () => {
    expect(lastLineDates(reference, 'the coach leaves on the third of february at five thirty in the morning', "so we'll need to be up at four")).toEqual(['2027-02-03T04:00:00+00:00']);
  });

  it('keeps its usual reading beside a time of the day', () => {
    expect(lastLineDates(reference, 'the coach leaves on the third of february at ten', "so we'll book lunch at one")).toEqual(['2027-02-03T13:00:00+00:00']);
  });
});

describe('an order after a condition', () => {
  it('is asked of the one who answers', () => {
    const segments = talk('Mum|only if the school agrees, ask your teacher by monday', 'Jess|ok I will');
    expect(findActionItems(segments, reference, ['Mum', 'Jess']).map((i) => [i.owner, i.task, i.due?.iso])).toEqual([['Jess', 'ask your teacher', '2027-01-18']]);
  });

  it('titles a deadline without the condition', () => {
    expect(timed('if the weather holds, order the picnic by the twentieth').map(([title]) => title)).toEqual(['Deadline: order the picnic']);
  });
});
