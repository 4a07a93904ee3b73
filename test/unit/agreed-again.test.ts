// Agreeing again: "you'll have it by Friday noon" in answer to "please can you book the minibus by
// Friday?" takes the request on (it was a second task, "send it"), and "okay, Friday then" after
// "can we do Friday, same time?" keeps the time it was moved with (it was the day alone). Sentences
// written for these tests; the meeting is Monday 18 January 2027, 09:30 in London.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-01-18T09:30:00Z';
const ZONE = 'Europe/London';

describe('"you\'ll have it" in answer to a request', () => {
  it('takes the request on, due when it says', () => {
    const items = itemsOfTalk(dateReference(MEETING, ZONE)!, 'Kemi|Dara, please can you book the minibus by Friday?', "Dara|You'll have it by Friday noon.");
    expect(items.map((i) => [i.owner, i.task, i.due?.iso])).toEqual([['Dara', 'book the minibus', '2027-01-22T12:00:00+00:00']]);
  });
});

describe('the day a thing was moved to, said again', () => {
  it('keeps the time it was moved with', () => {
    const lines = ['The eye test is in room four on Thursday at ten.', 'Thursday at ten is no good for me. Can we do Friday, same time?', 'Okay, Friday then.'];
    expect(events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.location])).toEqual([['Eye test', '2027-01-22T10:00:00+00:00', 'Room 4']]);
  });
});
