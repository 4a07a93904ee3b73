// "please can you …", "please, could someone …": a request opened by "please" and then asked
// again. The task is what follows the asking, so the action item and its deadline read "confirm
// the venue booking", not "can you confirm the venue booking". Sentences written for these tests.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/providers/types.ts';
import { extractEventsLocally } from '#shared/providers/llm/local/events.ts';
import { findActionItems } from '#shared/text/action-items.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const meeting = (lines: readonly string[]): Segment[] =>
  lines.map((line, i) => {
    const [speaker, sentence] = line.split(': ');
    return { speaker: speaker!, sentence: sentence!, start_time: i * 5, end_time: i * 5 + 4 };
  });
const reference = dateReference('2027-03-01T10:00', 'Europe/London');
const items = (lines: readonly string[]) => findActionItems(meeting(lines), reference, [...new Set(lines.map((l) => l.split(': ')[0]!))]).map((item) => [item.owner, item.task, item.due?.iso]);

describe('a request opened by "please" and asked again', () => {
  it('is the task after the asking, for you, someone or the whole group', () => {
    expect(items(['Mia: please can you confirm the venue booking by friday', 'Joe: yes will do'])).toEqual([['Joe', 'confirm the venue booking', '2027-03-05']]);
    expect(items(['Mia: Please, could someone book the minibus for the twelfth?', 'Joe: I will'])).toEqual([['Joe', 'book the minibus', '2027-03-12']]);
    expect(items(['Ana: please would everyone bring a dish on saturday'])).toEqual([['Everyone', 'bring a dish', '2027-03-06']]);
  });

  it('keeps "please" alone and "can you please" as before', () => {
    expect(items(['Mia: please send the invoice by monday', 'Joe: sure'])).toEqual([['Joe', 'send the invoice', '2027-03-08']]);
    expect(items(['Mia: can you please print the handouts by thursday', 'Joe: okay'])).toEqual([['Joe', 'print the handouts', '2027-03-04']]);
  });

  it('names the deadline by the task', () => {
    const segments = meeting(['Mia: please can you confirm the caterers by wednesday', 'Joe: yes will do']);
    const context = { title: 'Planning', meetingDate: '2027-03-01T10:00', timeZone: 'Europe/London', participants: 'Mia, Joe' };
    const titles = extractEventsLocally({ segments, summary: '', context }).map((event) => event.title);
    expect(titles).toEqual(['Deadline: confirm the caterers']);
  });
});
