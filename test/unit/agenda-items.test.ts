// From a community garden's meeting and a tutor's call with a student, typed for a user check
// (Denver): "okay, working bee. We're doing it on Sunday the twenty first, nine till twelve" (no
// event: "working" read as a verb), "okay, quiz night." (no item: "night" was taken as small talk),
// "the exam is on the second of June, so how about Saturday the twenty ninth of May at ten?" (the
// exam moved to the 29th), "let's keep the Tuesday sessions at four thirty, same as this term"
// ("… sessions , same …"). Sentences written for these tests; the meeting is Monday 8 March 2027,
// 10:00 in Chicago.
import { describe, expect, it } from 'vitest';
import { events } from '../support/spoken-events.ts';

const MEETING = '2027-03-08T16:00:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'America/Chicago').map((e) => [e.title, e.start_datetime, e.end_datetime]);

describe('an item of the agenda opened by its name alone', () => {
  it('is a thing, though a word of it is a time of day or reads as a verb', () => {
    expect(found('Right, film night.', "It's on Friday the twelfth.")).toEqual([['Film night', '2027-03-12T19:00:00-06:00', '2027-03-12T20:00:00-06:00']]);
    expect(found('Okay, cooking class.', "We're running it on Saturday the thirteenth, ten till one.")).toEqual([['Cooking class', '2027-03-13T10:00:00-06:00', '2027-03-13T13:00:00-06:00']]);
  });

  it('is no greeting nor a word on the talk', () => {
    expect(found('Good morning.', "It's on Saturday the thirteenth.")).toEqual([]);
    expect(found('Great question.', "It's on Saturday the thirteenth.")).toEqual([]);
  });
});

describe('"…, so how about …" after a thing given its day', () => {
  it('offers a day for something else, and moves the thing only when its day was turned down', () => {
    expect(found('The audition is on the ninth of April, so how about Monday the fifth of April at six?').map(([title, start]) => [title, start])).toEqual([['Audition', '2027-04-09T09:00:00-05:00']]);
    expect(found("Let's do the tasting on Tuesday.", "I'm busy Tuesday, so how about Thursday?").map(([title, start]) => [title, start])).toEqual([['Tasting', '2027-03-11T09:00:00-06:00']]);
  });
});

describe('a title a day was taken out of', () => {
  it('leaves no space before a comma', () => {
    expect(found("Let's keep the Friday drills at noon, like last year.").map(([title]) => title)).toEqual(['Meeting: keep drills, like last year']);
  });
});
