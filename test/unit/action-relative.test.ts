// Action items said in a relative clause ("the report i have to finish by friday"), asked of
// "one of you", and taken on then spelled out in one breath ("i'll do that i'll ring them on
// monday"); the deadlines asked for in chat, all of them. Every sentence here was written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference, findActionItems } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';
import { answerSources } from '#shared/recordings/retrieval.ts';

const ref = dateReference('2026-11-19T10:00:00Z')!; // a Thursday
const turns = (...said: Array<[string, string]>): Segment[] => said.map(([speaker, sentence], i) => ({ speaker, sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const items = (segments: Segment[]) => findActionItems(segments, ref).map((i) => [i.owner, i.task, i.due?.label]);

describe('a task said in a relative clause', () => {
  it('takes the noun before it as its object', () => {
    expect(items(turns(['Ana', 'the grant form i have to submit by monday is the urgent one']))).toEqual([['Ana', 'submit the grant form', 'Mon 23 Nov 2026']]);
    expect(items(turns(['Ben', "and the new rota we'll look at on tuesday"]))).toEqual([['Ben', 'look at the new rota', 'Tue 24 Nov 2026']]);
  });

  it('takes what the sentence says it is after a vague noun', () => {
    expect(items(turns(['Ana', 'the main thing we must fix is the leaking gutter']))).toEqual([['Ana', 'fix the leaking gutter', undefined]]);
  });

  it('is no task when the noun is vague and nothing says what it is', () => {
    expect(items(turns(['Ana', 'right there are some things we need to go over tonight']))).toEqual([]);
    // As a recogniser may write it, the article dropped.
    expect(items(turns(['Ana', 'okay there are few bits we need to tidy up']))).toEqual([]);
    expect(items(turns(['Ben', 'several boxes we need to move by friday']))).toEqual([['Ben', 'move several boxes', 'Fri 20 Nov 2026']]);
  });

  it('leaves a task with an object of its own as it was said', () => {
    expect(items(turns(['Ana', 'we signed the lease i will order the keys']))).toEqual([['Ana', 'order the keys', undefined]]);
  });
});

describe('a task said before its date', () => {
  it('keeps a particle that comes before the date’s own lead', () => {
    expect(items(turns(['Ana', "i'll hand the forms in by friday"]))).toEqual([['Ana', 'hand the forms in', 'Fri 20 Nov 2026']]);
    expect(items(turns(['Ben', "i'll drop the spare keys in on monday"]))).toEqual([['Ben', 'drop the spare keys in', 'Mon 23 Nov 2026']]);
    expect(items(turns(['Cleo', 'the ladder we need to hand back on tuesday']))).toEqual([['Cleo', 'hand back the ladder', 'Tue 24 Nov 2026']]);
  });
});

describe('another sentence run into a task', () => {
  it('is no part of it', () => {
    expect(items(turns(['Ana', "i'll book the minibus tomorrow it needs a week's notice"]))).toEqual([['Ana', 'book the minibus', 'Fri 20 Nov 2026']]);
    expect(items(turns(['Ben', "i'll order the trophies they were cheaper online"]))).toEqual([['Ben', 'order the trophies', undefined]]);
  });

  it('stays when it is what the task tells or joins', () => {
    expect(items(turns(['Ana', "i'll tell the parents they need to sign the forms"]))).toEqual([['Ana', 'tell the parents they need to sign the forms', undefined]]);
    expect(items(turns(['Ben', "i'll move the tables so that we have more room"]))).toEqual([['Ben', 'move the tables so that we have more room', undefined]]);
  });
});

describe('a day asked about', () => {
  it('is not when the task is due', () => {
    expect(items(turns(['Ana', "i'll check whether friday is free for the painters"]))).toEqual([['Ana', 'check whether friday is free for the painters', undefined]]);
    expect(items(turns(['Ben', "i'll ask the school if the hall is free on monday and let you know by wednesday"]))).toEqual([
      ['Ben', 'ask the school if the hall is free on monday and let you know', 'Wed 25 Nov 2026'],
    ]);
  });
});

describe('a request of one of you', () => {
  it('is the next speaker’s, and a reply that stands for it then spells it out is the same item, due when the reply says', () => {
    const said = turns(['Ana', 'could one of you return the hired chairs by the end of next week'], ['Ben', "i'll do that i'll drive them back on saturday"]);
    expect(items(said)).toEqual([['Ben', 'return the hired chairs', 'Sat 21 Nov 2026']]);
    expect(findActionItems(said, ref)[0]?.replies).toEqual([1]);
  });
});

describe('the deadlines asked for in chat', () => {
  it('are every one of them, past the five passages other answers quote', () => {
    const said = turns(
      ['Ana', 'the caterer wants a final head count by the first of december'],
      ['Ben', "i'll ring the band on monday"],
      ['Cleo', 'i can post the invitations on tuesday'],
      ['Dev', "i'll pick up the lights on wednesday"],
      ['Ana', 'the hall needs the deposit by the twenty fifth'],
      ['Ben', 'and the seating plan has to be done by the fourth of december'],
      ['Cleo', 'the raffle tickets must be printed before the sixth of december'],
    );
    expect(answerSources(said, 'What are the deadlines?').map((s) => s.segment_index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('the decisions or deadlines about something', () => {
  const said = turns(
    ['Ana', 'the roof is leaking again and the roof over the hall is worse'],
    ['Ben', 'we agreed to get three quotes for the roof'],
    ['Cleo', 'and we decided to move the quiz night to friday'],
    ['Ana', 'the grant form is long the grant form has twelve pages'],
    ['Ben', 'the grant form needs to be sent by the fourth of december'],
  );

  it('are those among them that say it, not every passage that does', () => {
    expect(answerSources(said, 'What did we decide about the roof?').map((s) => s.segment_index)).toEqual([1]);
    expect(answerSources(said, "What's the deadline for the grant form?").map((s) => s.segment_index)).toEqual([4]);
  });

  it('fall back to every passage when none of them says it', () => {
    expect(answerSources(said, 'What did we decide about the hall?').map((s) => s.segment_index)).toEqual([0, 2]);
  });
});
