// A builder's visit and a parents' evening: "<month> the <day>", someone coming at a time to do
// something, a thing that must do something by a day, what happens if it is not done, an order
// agreed to without "please" first, "me", "my" and "you" as the one asked would write them, a
// reply that stands for what the other just put to it, and the reply to a question. Sentences
// written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findDates } from '#shared/providers/llm/local/index.ts';
import { retrieve } from '#shared/recordings/retrieval.ts';
import { events, itemsOfTalk, talk } from '../support/spoken-events.ts';

/** Tuesday 15 December 2026, 17:00 in London. */
const MEETING = '2026-12-15T17:00:00Z';
const reference = dateReference(MEETING, 'Europe/London')!;
const days = (sentence: string) => findDates(sentence, reference).map((d) => [d.text, d.iso]);
const timed = (...sentences: string[]) => events(sentences, MEETING, 'Europe/London').map((e) => [e.title, e.start_datetime, e.location]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('a month, then "the" and a day of it', () => {
  it('is that day', () => {
    expect(days('the recital is on april the ninth at seven')).toEqual([['april the ninth at 7', '2027-04-09T19:00:00+01:00']]);
    expect(days('we break up on july the twenty second')).toEqual([['july the twenty second', '2027-07-22']]);
    expect(days('february the 3rd works for the dentist')).toEqual([['february the 3rd', '2027-02-03']]);
    expect(days('january the tenth suits everyone')).toEqual([['january the tenth', '2027-01-10']]);
  });

  it('is no day when a noun follows the ordinal in words', () => {
    expect(days('by april the second phase should be running').map(([text]) => text)).toEqual(['april']);
  });

  it('makes the event, with its time and place', () => {
    expect(timed('the nativity play is on january the fourteenth at two in the church hall')).toEqual([['Nativity play', '2027-01-14T14:00:00+00:00', 'Church hall']]);
  });
});

describe('someone coming at a time', () => {
  it('is titled by who comes and what for', () => {
    expect(timed('okay so Priya is booked for Thursday afternoon at three to service the boiler')).toEqual([['Priya to service the boiler', '2026-12-17T15:00:00+00:00', '']]);
    expect(timed('the locksmith is coming on friday at nine to change the locks')).toEqual([['Locksmith to change the locks', '2026-12-18T09:00:00+00:00', '']]);
  });

  it('is a visit when no purpose is said', () => {
    expect(timed('Tomasz will come round on saturday at eleven')).toEqual([["Tomasz's visit", '2026-12-19T11:00:00+00:00', '']]);
    expect(timed('our neighbour is popping round on sunday at four')).toEqual([["Neighbour's visit", '2026-12-20T16:00:00+00:00', '']]);
  });

  it('is no visit when a thing comes', () => {
    expect(timed('the parcel is coming on friday at ten').map(([title]) => title)).not.toContain("Parcel's visit");
  });
});

describe('a deadline', () => {
  it('keeps a thing that must do something', () => {
    expect(timed('the consent forms must come back by the eighth of january')).toEqual([['Deadline: consent forms to come back', '2027-01-08T09:00:00+00:00', '']]);
  });

  it('leaves out what happens if it is not done', () => {
    expect(timed('the tiles have to be paid for by friday or we lose the discount').map(([title]) => title)).toEqual(['Deadline: tiles paid for']);
    expect(timed('book the venue by the twentieth, otherwise they give it away').map(([title]) => title)).toEqual(['Deadline: book the venue']);
  });
});

describe('an order', () => {
  it('agreed to by the next speaker is theirs, with the asker named for "me"', () => {
    expect(items('Hana|email me the floor plans by wednesday', 'Luis|will do')).toEqual([['Luis', 'email Hana the floor plans', '2026-12-16']]);
    expect(items('Hana|right, order the skip for monday please', 'Luis|the big one?')).toEqual([['Luis', 'order the skip', '2026-12-21']]);
  });

  it('is no task when it only reports or reacts', () => {
    expect(items('Hana|sounds great to me', 'Luis|ok')).toEqual([]);
    expect(items('Hana|plaster dried overnight', 'Luis|yes')).toEqual([]);
    expect(items('Hana|look at the state of this wall', 'Luis|yeah')).toEqual([]);
  });
});

describe('the owner of a task', () => {
  it('is the role said last when a transcript runs two noun phrases together', () => {
    expect(items('Hana|what about the boiler the engineer has to check the pressure', 'Luis|ok')).toEqual([['Engineer', 'check the pressure', undefined]]);
  });
});

describe('the words of a task', () => {
  it('name the asker for "my"', () => {
    expect(items('Hana|can you collect the spare key from my sister', 'Luis|no problem')).toEqual([['Luis', "collect the spare key from Hana's sister", undefined]]);
  });

  it('name the other of two for "you", and no one among three', () => {
    expect(items('Hana|i will measure the hallway and text you the sizes', 'Luis|great')).toEqual([['Hana', 'measure the hallway and text Luis the sizes', undefined]]);
    expect(items('Hana|i will measure the hallway and text you the sizes', 'Luis|great', 'Ines|me too')).toEqual([['Hana', 'measure the hallway and text you the sizes', undefined]]);
  });

  it('are what the other put to the speaker when the reply stands for it', () => {
    expect(items('Hana|the form is online, you can fill it in on the website', 'Luis|fine, i will do that tomorrow')).toEqual([['Luis', 'fill it in on the website', '2026-12-16']]);
    expect(items('Hana|the form is online', 'Luis|fine, i will do that tomorrow')).toEqual([['Luis', 'do that', '2026-12-16']]);
  });
});

describe('a question found in the transcript', () => {
  it('brings the reply to it, first', () => {
    const segments = talk(
      'Luis|the kitchen is nearly finished',
      'Hana|what does the extra socket cost',
      'Luis|forty pounds including fitting',
      'Hana|fine, and the skirting boards go on next',
      'Luis|they do',
    );
    expect(retrieve(segments, 'What does the socket cost?').map((s) => s.segment_index).slice(0, 2)).toEqual([2, 1]);
  });
});
