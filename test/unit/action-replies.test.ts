// Action items as a reply takes them on, and the words said after a task about how much it
// matters. Every sentence here was written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';

const ref = dateReference('2026-11-19T10:00:00Z')!; // a Thursday
const turns = (...said: Array<[string, string]>): Segment[] => said.map(([speaker, sentence], i) => ({ speaker, sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const items = (segments: Segment[]) => findActionItems(segments, ref).map((i) => [i.owner, i.task, i.due?.label]);

describe('a reply that takes on a request', () => {
  it('is the request again, done when the reply says', () => {
    const said = turns(['Ana', 'ben could you book the minibus for the away game'], ['Ben', "yes i'll book it on tuesday"]);
    expect(items(said)).toEqual([['Ben', 'book the minibus for the away game', 'Tue 24 Nov 2026']]);
  });

  it('is quoted with the reply when the chat is asked for the tasks, and the reply only when it says when for the deadlines', () => {
    const said = turns(['Ana', 'ben could you book the minibus for the away game'], ['Ben', 'sure i can do that'], ['Cleo', 'the match is at home'], ['Ana', 'dev can you wash the kit by friday'], ['Dev', 'yes i will do it']);
    expect(findActionItems(said, ref).map((i) => [i.segment, i.replies])).toEqual([[0, [1]], [3, [4]]]);
    expect(answerSources(said, 'What are the action items?').map((s) => s.segment_index)).toEqual([0, 1, 3, 4]);
    expect(answerSources(said, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([3]);
  });

  it('keeps the date asked for when the reply gives none', () => {
    const said = turns(['Ana', 'please send the invoice to the school by friday'], ['Ben', "okay i'll send it"]);
    expect(items(said)).toEqual([['Ben', 'send the invoice to the school', 'Fri 20 Nov 2026']]);
  });

  it('stays a task of its own when it takes on something else, or someone else answers', () => {
    const other = turns(['Ana', 'ben could you book the minibus'], ['Ben', "sure and i'll email the parents tomorrow"]);
    expect(items(other)).toEqual([
      ['Ben', 'book the minibus', undefined],
      ['Ben', 'email the parents', 'Fri 20 Nov 2026'],
    ]);
    const someoneElse = turns(['Ana', 'ben could you book the minibus'], ['Ben', 'right'], ['Cleo', "sure i'll pay it tomorrow"]);
    expect(items(someoneElse)).toEqual([
      ['Ben', 'book the minibus', undefined],
      ['Cleo', 'pay it', 'Fri 20 Nov 2026'],
    ]);
  });
});

describe('a reply that stands for the task just said', () => {
  it('takes it on, whoever said it', () => {
    const said = turns(['Ana', 'we need to renew the parking permits by the twentieth'], ['Ben', "i'll sort that out on monday"]);
    expect(items(said)).toEqual([['Ben', 'renew the parking permits', 'Mon 23 Nov 2026']]);
  });
});

describe('a request to someone', () => {
  it('is the task of whoever answers, and "take a look" stands for it', () => {
    const said = turns(['Ana', 'can someone check the fire alarm log'], ['Ben', "i'll take a look after lunch"]);
    expect(items(said)).toEqual([['Ben', 'check the fire alarm log', undefined]]);
  });

  it('is no item when its task only stands for something said before; the answer says what', () => {
    const said = turns(['Ana', 'the caterers have not confirmed'], ['Ana', 'can someone take care of that'], ['Ben', "i'll phone the caterers tomorrow"]);
    expect(items(said)).toEqual([['Ben', 'phone the caterers', 'Fri 20 Nov 2026']]);
  });

  it('asks nothing when it asks what someone remembers', () => {
    expect(items(turns(['Ana', 'can anyone remember the wifi password'], ['Ben', 'no idea']))).toEqual([]);
  });
});

describe('a wish put to someone', () => {
  it.each([
    ["i'd like you to walk thirty minutes a day", 'Ben', 'walk thirty minutes a day'],
    ['i want everyone to read the safety notes', 'Everyone', 'read the safety notes'],
    ['we need you to sign the consent form by friday', 'Ben', 'sign the consent form'],
  ])('is a request: %j', (sentence, owner, task) => {
    expect(items(turns(['Ana', sentence], ['Ben', 'right'])).map(([o, t]) => [o, t])).toEqual([[owner, task]]);
  });
});

describe('words between the subject and the modal', () => {
  it.each([
    ['i still have to file the expenses', 'file the expenses'],
    ['we also need to repaint the sign', 'repaint the sign'],
    ['we really should fix the gate', 'fix the gate'],
  ])('leave the task as it is: %j', (sentence, task) => {
    expect(items(turns(['Ana', sentence]))).toEqual([['Ana', task, undefined]]);
  });
});

describe('what is said after a task', () => {
  it('drops "at the latest" with the date', () => {
    expect(items(turns(['Ana', 'i will return the keys by friday at the latest']))).toEqual([['Ana', 'return the keys', 'Fri 20 Nov 2026']]);
  });


  it.each([
    ["you all need to wear name badges that's mandatory", 'Everyone', 'wear name badges'],
    ["we must back up the server it's really important", 'Ana', 'back up the server'],
    ['i will lock the gate this is essential', 'Ana', 'lock the gate'],
  ])('a word on how much it matters is no part of it: %j', (sentence, owner, task) => {
    expect(items(turns(['Ana', sentence]))).toEqual([[owner, task, undefined]]);
  });

  it('keeps a task said in one verb, but not one too short to say anything', () => {
    expect(items(turns(['Ana', 'so everyone has to register']))).toEqual([['Everyone', 'register', undefined]]);
    expect(items(turns(['Ana', 'we need to help'], ['Ana', 'i will go']))).toEqual([]);
  });
});

describe('a reply that says the start of the request again', () => {
  it('is the request again, done when the reply says', () => {
    const said = turns(['Ana', 'ben, can you email the caretaker about the heating before monday?'], ['Ben', "sure, i'll email the caretaker tomorrow"]);
    expect(items(said)).toEqual([['Ben', 'email the caretaker about the heating', 'Fri 20 Nov 2026']]);
  });

  it('is a task of its own when it says something else', () => {
    const said = turns(['Ana', 'ben, can you email the caretaker about the heating?'], ['Ben', "sure, i'll email the governors tomorrow"]);
    expect(items(said).map(([owner, task]) => [owner, task])).toEqual([
      ['Ben', 'email the caretaker about the heating'],
      ['Ben', 'email the governors'],
    ]);
  });
});

describe('a task with another sentence said after a comma', () => {
  it('ends before it', () => {
    expect(items(turns(['Ana', "i can print the raffle tickets, i'll drop them off by saturday"]))).toEqual([['Ana', 'print the raffle tickets', 'Sat 21 Nov 2026']]);
    expect(items(turns(['Ana', "i'll check the fire exits, and i think the signs need replacing"]))).toEqual([['Ana', 'check the fire exits', undefined]]);
  });

  it('keeps a clause joined to it without a comma', () => {
    expect(items(turns(['Ana', "i'll ring the hall and i can ask about parking"]))).toEqual([['Ana', 'ring the hall and i can ask about parking', undefined]]);
  });
});
