// From a call to an IT service desk typed for a user check (London): "my laptop keeps freezing
// since the update on Tuesday" (a key date on the coming Tuesday), "I can remote in tomorrow
// morning at half nine to take a look, does that suit?" (the task kept "does that suit"), "we'll
// swap the laptop and you'd get a replacement by Friday" ("Nina'd"), "you'll get a reset email on
// Monday, just follow the link" (was Nina's task "get a reset email , just follow the link").
// Sentences written for these tests; the meeting is Wednesday 10 November 2027, 14:00 in Singapore.
import { describe, expect, it } from 'vitest';
import { itemsOfTalk, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const reference = dateReference('2027-11-10T06:00:00Z', 'Asia/Singapore')!;
const tasks = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task]);

describe('a day said after "since"', () => {
  it('is gone by', () => {
    expect(lastLineDates(reference, 'The printer has jammed since the move on Friday.')).toEqual([]);
    expect(lastLineDates(reference, 'The printer jams, and the engineer comes on Friday.')).toEqual(['2027-11-12']);
  });
});

describe('a task said to the other', () => {
  it('leaves out the question tagged on it', () => {
    expect(tasks('Raj|I can call you back on Thursday at four, does that work for you?', 'Mo|Fine.')).toEqual([['Raj', 'call Mo back']]);
  });

  it('writes "you\'d", "you\'ll" as the other would, will', () => {
    expect(tasks("Raj|If the part is late, we'll lend you a phone and you'll keep it until Monday.", 'Mo|Okay.')).toEqual([['Raj', 'lend Mo a phone and Mo will keep it']]);
  });

  it('is the speaker sending what the other is to get', () => {
    expect(tasks('Raj|You will get a setup link on Thursday, the rest is automatic.', 'Mo|Thanks.')).toEqual([['Raj', 'send a setup link']]);
  });
});
