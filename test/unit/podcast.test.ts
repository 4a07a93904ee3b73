// From a podcast team's planning call typed for a user check (New York): "I'll email him today
// and suggest Wednesday at five" (was two tasks, "email him" and "suggest", the offered day read as
// when to suggest), "the live show … doors at seven" (was 07:00), and "do we need a sound check?" …
// "let's get there at five for that" (moved the show to 17:00; now the sound check's). Sentences
// written for these tests; the meeting is Monday 10 May 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-10T09:30:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);

describe('a day offered in a task', () => {
  it('is what is said, no second task nor its due day', () => {
    const items = itemsOfTalk(dateReference(MEETING, 'Europe/Dublin')!, 'Ada|We need a new date with the printer.', "Bo|I'll ring them tomorrow and propose Friday at ten.");
    expect(items.map((i) => [i.owner, i.task, i.due?.iso])).toEqual([['Bo', 'ring them and propose Friday at 10', '2027-05-11']]);
  });
});

describe('a thing of the evening', () => {
  it('takes the evening hour from its doors or a live show', () => {
    expect(found('The gig is on the twentieth, doors at eight.')).toEqual([['Gig', '2027-05-20T20:00:00+01:00']]);
    expect(found('The live show is on Friday at seven.')).toEqual([['Live show', '2027-05-14T19:00:00+01:00']]);
  });
});

describe('a time said "for that" after a thing asked for', () => {
  it('is that thing\'s, not a move of the one before', () => {
    expect(found('The recital is on Thursday at seven in the evening.', 'Do we need a sound check?', "Sure, let's get there on Thursday at four for that.")).toEqual([
      ['Recital', '2027-05-13T19:00:00+01:00'],
      ['Sound check', '2027-05-13T16:00:00+01:00'],
    ]);
  });
});
