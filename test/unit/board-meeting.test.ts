// A charity board meeting: a thing chosen and then "set for" a day, a start time and place said after
// the day, the group's choice that is no one's task, and a request with the name said to at its end
// and "those" for what was asked about. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, itemsOfTalk } from '../support/spoken-events.ts';

/** Wednesday 10 March 2027, 19:00 in London. */
const MEETING = '2027-03-10T19:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task]);

describe('a thing set for a day', () => {
  it('is the thing said before "it"', () => {
    expect(timed('no objections, so we will go with the quiz night', "it's booked for the ninth of april, starting at two from the church hall")).toEqual([
      ['Quiz night', '2027-04-09T14:00:00+01:00', 'Church hall'],
    ]);
  });

  it('is nothing when nothing was said before it', () => {
    expect(timed("it's booked for the ninth of april")).toEqual([]);
  });
});

describe('the group choosing', () => {
  it('is no task', () => {
    expect(items('Helen|any objections? then we will go with the raffle', 'Omar|great')).toEqual([]);
  });
});

describe('a request', () => {
  it('leaves out the name said to at its end, and writes "those" as what was said', () => {
    expect(items('Grace|the treasurer needs the receipts by friday', 'Helen|can you send those over, Omar', 'Omar|yes')).toContainEqual(['Omar', 'send the receipts over']);
  });
});
