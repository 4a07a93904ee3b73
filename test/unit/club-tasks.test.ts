// From the junior football club's committee (the user check of sports-club.test.ts): "them" for a
// family said of as "they" ("send them the roster" was sent to the under twelves), for a plural
// said without "the" ("we need trophies ordered … i can order them"), and before "if"; and "you"
// in a reply when more than two talk ("i'll email you the numbers" stayed "email you"). Sentences
// written for these tests; the meeting is Monday 10 May 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const tasks = (...lines: string[]) => itemsOfTalk(dateReference('2027-05-10T09:30:00Z', 'Europe/Dublin')!, ...lines).map((i) => [i.owner, i.task]);

describe('"them"', () => {
  it('stands for a group named in the singular, with its name as said', () => {
    expect(tasks('Ana|The Okafor family offered to host. Bea, can you send them the directions by Friday?', 'Bea|Sure.')).toEqual([['Bea', 'send the Okafor family the directions']]);
  });

  it('stands for a plural said without "the"', () => {
    expect(tasks('Lee|We still need programmes printed. I can print them on Thursday.', 'Mo|Great.')).toEqual([['Lee', 'print the programmes']]);
  });

  it('is read before "if" or "once"', () => {
    expect(tasks('Lee|The rooms are still free.', 'Mo|I can book them once the dates are fixed.')).toEqual([['Mo', 'book the rooms once the dates are fixed']]);
  });
});

describe('"you" in a reply, when more than two talk', () => {
  it('is the one who spoke just before', () => {
    expect(tasks('Raj|Has anyone got the float figures?', "Kim|I'll text you the figures tonight.", 'Sam|Lovely.')).toEqual([['Kim', 'text Raj the figures']]);
  });

  it('stays "you" after the speaker\'s own line', () => {
    expect(tasks('Sam|Lovely.', 'Kim|The form is online.', "Kim|I'll send you the link.", 'Raj|Thanks.')).toEqual([['Kim', 'send you the link']]);
  });
});
