// Events and action items from a sixth round of meetings typed for a user check (a community
// garden's committee): a thing the group will "hold it" on a day, someone who "can come", an end
// said in a later line, a day counted from one said before as a task's due, an offer that takes
// on what was asked, "it" as the thing the line before opened with, two deeds joined, each with
// its own day, and "over" before a day.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { events, itemsOfTalk } from '../support/spoken-events.ts';

/** Tuesday 9 March 2027, 19:00 in Auckland (UTC+13). */
const MEETING = '2027-03-09T19:00:00+13:00';
const ZONE = 'Pacific/Auckland';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime, e.end_datetime]);
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.iso]);

describe('a thing the group will hold "it" on a day', () => {
  it('is the thing said before', () => {
    expect(found('next up is the quiz night for the netball club.', "let's have it on friday the nineteenth at seven thirty.")).toEqual([
      ['Quiz night', '2027-03-19T19:30:00+13:00', '2027-03-19T20:30:00+13:00'],
    ]);
    expect(found('we still have to sort out the book swap.', 'i reckon we should hold it on sunday the twenty first from ten.')).toEqual([
      ['Book swap', '2027-03-21T10:00:00+13:00', '2027-03-21T11:00:00+13:00'],
    ]);
  });

  it('is no one\'s task', () => {
    expect(items('Hana|the fundraising dinner is the big one this term.', 'Rawiri|we should host it on the twenty seventh at six.')).toEqual([]);
  });
});

describe('someone who can come', () => {
  it('is a visit', () => {
    expect(found('the electrician can come on monday between eight and ten.')).toEqual([['Electrician', '2027-03-15T08:00:00+13:00', '2027-03-15T10:00:00+13:00']]);
    expect(found('my uncle could come over on saturday at noon to fix the gate.')).toEqual([['Uncle to fix the gate', '2027-03-13T12:00:00+13:00', '2027-03-13T13:00:00+13:00']]);
  });
});

describe('an end said in a later line', () => {
  it('ends the timed event just planned on its day', () => {
    expect(found("the working bee is on saturday the thirteenth, starting at eight.", 'how long do we go for?', 'probably till about one.')).toEqual([
      ['Working bee', '2027-03-13T08:00:00+13:00', '2027-03-13T13:00:00+13:00'],
    ]);
    expect(found("let's meet on thursday at four to plan the stall.", "we'll finish around five thirty.")).toEqual([
      ['Meeting: plan the stall', '2027-03-11T16:00:00+13:00', '2027-03-11T17:30:00+13:00'],
    ]);
  });

  it('ends nothing said long before, nor before its start', () => {
    const far = found('the working bee is on saturday the thirteenth, starting at eight.', 'the shed needs a new lock.', 'the paint is in the garage.', 'the hose is broken too.', 'the shop is open until four.');
    expect(far).toEqual([['Working bee', '2027-03-13T08:00:00+13:00', '2027-03-13T09:00:00+13:00']]);
    expect(found('the working bee is on saturday the thirteenth, starting at ten.', 'until seven in the morning.')).toEqual([['Working bee', '2027-03-13T10:00:00+13:00', '2027-03-13T11:00:00+13:00']]);
  });
});

describe('a day counted from one said before', () => {
  it('is when the task is due, and leaves the task', () => {
    expect(items('Hana|the plant sale is on sunday the fourteenth.', "Rawiri|i'll print the price labels the thursday before.")).toEqual([['Rawiri', 'print the price labels', '2027-03-11']]);
    expect(items('Hana|the plant sale is on sunday the fourteenth.', "Rawiri|i'll return the trestle tables the day after.")).toEqual([['Rawiri', 'return the trestle tables', '2027-03-15']]);
  });
});

describe('an offer right after the asking', () => {
  it('takes on what was asked', () => {
    expect(items('Hana|the new tenant arrives on friday.', 'Hana|can someone be at the gate to show her the plots?', 'Rawiri|i can walk her round.')).toEqual([
      ['Rawiri', 'be at the gate to show the new tenant the plots', undefined],
    ]);
  });

  it('is a task of its own when it is done to another thing', () => {
    expect(items('Hana|can someone water the seedlings?', 'Rawiri|i can mow the lawn.')).toEqual([
      ['Rawiri', 'water the seedlings', undefined],
      ['Rawiri', 'mow the lawn', undefined],
    ]);
  });
});

describe('"it" as the thing the line before opened with', () => {
  it('is that thing', () => {
    expect(items('Hana|and the insurance renewal is due at the end of the month.', "Rawiri|i'll check it and pay it next week.")).toEqual([
      ['Rawiri', 'check the insurance renewal and pay it', '2027-03-16'],
    ]);
  });

  it('is the subject of the line\'s last clause that has one', () => {
    expect(items('Hana|it was a good season, and the seed order is due by friday.', "Rawiri|i'll place it tomorrow.")).toEqual([['Rawiri', 'place the seed order', '2027-03-10']]);
  });

  it('is the thing wanted, not the one who wants it', () => {
    expect(items('Hana|the auditor wants the petty cash book by the end of the month.', "Rawiri|i'll scan it tomorrow.")).toEqual([['Rawiri', 'scan the petty cash book', '2027-03-10']]);
    expect(items('Hana|the landlord asked for the signed lease.', "Rawiri|i'll post it on friday.")).toEqual([['Rawiri', 'post the signed lease', '2027-03-12']]);
  });

  it('is no one said, nor a thing said after the opening, nor a name cut short before a word in -ing', () => {
    expect(items('Hana|the hall booking form needs signing by monday.', "Rawiri|i'll sign it tomorrow.")).toEqual([['Rawiri', 'sign it', '2027-03-10']]);
    expect(items('Hana|our treasurer is away until april.', "Rawiri|i'll sign it off then.")).toEqual([['Rawiri', 'sign it off', undefined]]);
    expect(items('Hana|we talked about the fence and the budget.', "Rawiri|i'll post it tomorrow.")).toEqual([['Rawiri', 'post it', '2027-03-10']]);
  });
});

describe('two deeds joined, each with its own day', () => {
  it('are two tasks, each due on its day, the second\'s "them" the first\'s thing', () => {
    expect(items("Rawiri|i'll book the minibus on monday and collect the banners on thursday.")).toEqual([
      ['Rawiri', 'book the minibus', '2027-03-15'],
      ['Rawiri', 'collect the banners', '2027-03-11'],
    ]);
    expect(items('Hana|rawiri, can you photocopy the maps by friday and then hand them out on saturday?', 'Rawiri|sure.')).toEqual([
      ['Rawiri', 'photocopy the maps', '2027-03-12'],
      ['Rawiri', 'hand the maps out', '2027-03-13'],
    ]);
  });

  it('stay one with one day, or when the first day is only asked about', () => {
    expect(items("Rawiri|i'll wrap and label the raffle prizes by friday.")).toEqual([['Rawiri', 'wrap and label the raffle prizes', '2027-03-12']]);
    expect(items("Rawiri|i'll check whether the van is free on monday and tell you by wednesday.")).toEqual([['Rawiri', 'check whether the van is free on monday and tell you', '2027-03-10']]);
  });
});

describe('a span to noon, and "that morning"', () => {
  it('is the day said before, from the first time to the second', () => {
    expect(found('the assessor is coming on wednesday the seventeenth at eleven.', "let's hire the marquee for that morning, from eight thirty until noon.")).toEqual([
      ['Assessor', '2027-03-17T11:00:00+13:00', '2027-03-17T12:00:00+13:00'],
      ['Meeting: hire the marquee', '2027-03-17T08:30:00+13:00', '2027-03-17T12:00:00+13:00'],
    ]);
    expect(found('the stall runs on saturday from ten until midday.')).toEqual([['Stall', '2027-03-13T10:00:00+13:00', '2027-03-13T12:00:00+13:00']]);
  });
});

describe('"and" between a day and an hour with its minutes', () => {
  it('is "at", as the recogniser often hears it, but not before a count', () => {
    expect(found('our next committee meeting will be on the sixth of april and seven fifteen.')).toEqual([['Committee meeting', '2027-04-06T19:15:00+12:00', '2027-04-06T20:15:00+12:00']]);
    expect(found('the open day is on the twentieth and two forty five people have signed up.')).toEqual([['Open day', '2027-03-20T09:00:00+13:00', '2027-03-20T10:00:00+13:00']]);
  });
});

describe('"over" before a day', () => {
  it('is the verb\'s before a day that takes no preposition, else leads into the day', () => {
    expect(items("Rawiri|i'll hand the keys over tomorrow.")).toEqual([['Rawiri', 'hand the keys over', '2027-03-10']]);
    expect(items("Rawiri|i'll weed the beds over the weekend.")).toEqual([['Rawiri', 'weed the beds', '2027-03-13']]);
  });
});
