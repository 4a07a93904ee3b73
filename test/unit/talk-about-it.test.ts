// "it" for the thing talked of in the line before, where a meeting is set to talk about it or a
// task goes over it: "we still need to decide on the band" … "let's talk about it next Tuesday at
// eight" → "Meeting: talk about the band". Sentences written for these tests.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-02-03T19:00:00+08:00';
const ZONE = 'Asia/Singapore';
const titles = (...lines: string[]) => events(lines, MEETING, ZONE).map((e) => e.title);

describe('"it" in a meeting set to talk about a thing said before', () => {
  it('is the thing, after "talk about", "go over" and "discuss"', () => {
    expect(titles('we still have to choose the menu', "let's talk about it on monday at seven")).toEqual(['Meeting: talk about the menu']);
    expect(titles('The floor plan for the stall still looks wrong.', "Let's go over it on Thursday at six.")).toEqual(['Meeting: go over the floor plan']);
    expect(titles('the grant report is half written', "let's discuss it friday at two")).toEqual(['Meeting: discuss the grant report']);
  });

  it('leaves "it" alone where no thing was said before', () => {
    expect(titles('thanks for coming everyone', "let's talk about it on monday at seven")).toEqual(['Meeting: talk about it']);
  });

  it('is the thing in a task that goes over it', () => {
    const reference = dateReference(MEETING, ZONE)!;
    const tasks = itemsOfTalk(reference, 'Ana|the tenancy agreement came back from the agent', "Ben|i'll read through it tonight").map((item) => item.task);
    expect(tasks).toEqual(['read through the tenancy agreement']);
  });
});
