// A charity committee's planning, typed and as the recogniser writes it: "the week after next",
// a thing of the morning, "the following saturday", "it" said of a thing earlier in its own line,
// and a plural's apostrophe. Sentences written for these tests; the meeting is Thursday 19
// November 2026, 17:00 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, lastLineDates } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2026-11-19T17:00:00Z';
const ZONE = 'Europe/Dublin';
const reference = dateReference(MEETING, ZONE)!;
const found = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => [e.title, e.start_datetime]);

describe('"the week after next"', () => {
  it('is two weeks on, and a weekday with it that day of that week', () => {
    expect(lastLineDates(reference, "let's review the budget the week after next")).toEqual(['2026-12-03']);
    expect(lastLineDates(reference, 'the parents meeting is the week after next, on the tuesday, at four')).toEqual(['2026-12-01T16:00:00+00:00']);
    expect(lastLineDates(reference, 'the coffee morning is on wednesday the week after next at half ten')).toEqual(['2026-12-02T10:30:00+00:00']);
  });

  it('leaves "next week" one week on', () => {
    expect(lastLineDates(reference, "let's review the budget next week")).toEqual(['2026-11-26']);
  });
});

describe('a thing of the morning', () => {
  it('reads an hour said for it without am or pm as the morning, in an evening meeting', () => {
    expect(found('the volunteers breakfast is on saturday at eight')).toEqual([['Volunteers breakfast', '2026-11-21T08:00:00+00:00']]);
    expect(lastLineDates(reference, 'brunch with the trustees is on sunday at eleven')).toEqual(['2026-11-22T11:00:00+00:00']);
  });

  it('leaves a thing of the evening and a time said with pm as they were', () => {
    expect(found('the team dinner is on saturday at eight')).toEqual([['Team dinner', '2026-11-21T20:00:00+00:00']]);
    expect(lastLineDates(reference, 'the breakfast is on saturday at seven pm')).toEqual(['2026-11-21T19:00:00+00:00']);
  });
});

describe('"the following saturday"', () => {
  it('is the first after the day said, and names no thing', () => {
    expect(lastLineDates(reference, 'the charity run is on sunday the sixth of december', 'can we do the following sunday')).toEqual(['2026-12-13']);
    expect(found('the market stall is on saturday the fifth of december at nine', 'could we do the following saturday, same time')).toEqual([['Market stall', '2026-12-12T09:00:00+00:00']]);
  });
});

describe('"it" in a meeting set to talk about a thing', () => {
  it('is the thing said earlier in its own line, before the line before', () => {
    const lines = ["i'll send the printer the final programme tomorrow", 'we still need to pick the venue lets talk about it next tuesday at eight pm'];
    expect(found(...lines).map(([title]) => title)).toEqual(['Meeting: talk about the venue']);
  });

  it('leaves out a word that says when, said after the thing in the line before', () => {
    expect(found("i'll send the printer the final programme tomorrow", "let's talk about it next tuesday at eight pm").map(([title]) => title)).toEqual(['Meeting: talk about the final programme']);
  });
});

describe("a plural's apostrophe", () => {
  it('keeps the name whole', () => {
    expect(found("the volunteers' breakfast is on saturday at eight")).toEqual([['Volunteers breakfast', '2026-11-21T08:00:00+00:00']]);
  });
});
