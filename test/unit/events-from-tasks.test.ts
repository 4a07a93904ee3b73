// Events said as someone's task: titled after the task the action items read, when the words
// only stand for it ("i can take that i'll have it done by friday"), and the group's own plan at a
// time is a meeting for it; what someone else wants by a day is said with who wants it; a time of
// today told of in the past is no date. Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { extractEventsLocally } from '#shared/providers/llm/local/events.ts';
import { dateReference, findActionItems, findDates } from '#shared/providers/llm/local/index.ts';
import type { Segment } from '#shared/providers/types.ts';

/** Tuesday 1 December 2026, 15:00 in London. */
const MEETING = '2026-12-01T15:00:00Z';
const turns = (...said: Array<[string, string]>): Segment[] => said.map(([speaker, sentence], i) => ({ speaker, sentence, start_time: i * 6, end_time: i * 6 + 5 }));
const events = (segments: Segment[]) =>
  extractEventsLocally({ segments, summary: '', context: { title: 'Review', meetingDate: MEETING, timeZone: 'Europe/London' } }).map((e) => [e.title, e.start_datetime]);

describe('an event said as a task', () => {
  it('is titled after the task a reply took on', () => {
    const said = turns(['Lia', 'so we need to renew the domain names before they lapse'], ['Omar', "i can take that on i'll have it done by friday"]);
    expect(events(said)).toEqual([['Deadline: renew the domain names before they lapse', '2026-12-04T09:00:00+00:00']]);
    expect(findActionItems(said, dateReference(MEETING, 'Europe/London')).map((i) => [i.owner, i.task, i.due?.label])).toEqual([
      ['Omar', 'renew the domain names before they lapse', 'Fri 4 Dec 2026'],
    ]);
  });

  it('is a meeting for what the group will do at a time', () => {
    expect(events(turns(['Lia', "and we'll run a restore drill on the ninth at ten to test the backups"]))).toEqual([['Meeting: run a restore drill to test the backups', '2026-12-09T10:00:00+00:00']]);
  });

  it('keeps a title of its own when the words say what it is', () => {
    expect(events(turns(['Lia', 'omar can you send the invoices by thursday'], ['Omar', "sure i'll send them tomorrow"]))).toEqual([['Deadline: send the invoices', '2026-12-03T09:00:00+00:00']]);
  });
});

describe('what someone else wants by a day', () => {
  it('is the deadline, said with who wants it', () => {
    expect(events(turns(['Lia', 'the printers are slow this month so the school wants the programmes by the tenth']))).toEqual([['Deadline: school wants the programmes', '2026-12-10T09:00:00+00:00']]);
    expect(events(turns(['Omar', 'about forty tickets are left and accounts needs the takings by friday']))).toEqual([['Deadline: accounts needs the takings', '2026-12-04T09:00:00+00:00']]);
  });
});

describe('a time of today told of in the past', () => {
  const reference = dateReference(MEETING, 'Europe/London')!;

  it('is no date', () => {
    expect(findDates('the site was unreachable from one forty to two ten', reference)).toEqual([]);
  });

  it('is still a time when it is to come, or said of tomorrow', () => {
    expect(findDates('the restore that failed gets retried at four', reference).map((d) => d.iso)).toEqual(['2026-12-01T16:00:00+00:00']);
    expect(findDates('it crashed so we retry tomorrow at two', reference).map((d) => d.iso)).toEqual(['2026-12-02T14:00:00+00:00']);
  });
});
