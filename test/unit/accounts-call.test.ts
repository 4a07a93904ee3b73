// From an accountant's call with a client typed for a user check: a deadline said after the thing
// it is for ("your self assessment, the deadline is …" was "Deadline"), "the next one is due …" in
// answer to "the VAT return, when's that due?" (was "Deadline: next one"), a day pencilled in for
// the call asked for just before (was "Meeting"), an order said after "that's fine, just …" with
// "and we'll go from there" (was the speaker's task "go from there"), and "before you go" written
// for the one it is said to ("before Dev go"). Sentences written for these tests; the meeting is
// Monday 10 May 2027, 10:30 in Dublin.
import { describe, expect, it } from 'vitest';
import { events, itemsOfTalk } from '../support/spoken-events.ts';
import { dateReference } from '#shared/text/spoken-dates.ts';

const MEETING = '2027-05-10T09:30:00Z';
const found = (...lines: string[]) => events(lines, MEETING, 'Europe/Dublin').map((e) => [e.title, e.start_datetime]);
const tasks = (...lines: string[]) => itemsOfTalk(dateReference(MEETING, 'Europe/Dublin')!, ...lines).map((i) => [i.owner, i.task]);

describe('a deadline that names nothing', () => {
  it('is of the thing named in the clause before it', () => {
    expect(found('First up is your planning appeal, the deadline is the ninth of June.')).toEqual([['Deadline: planning appeal', '2027-06-09T09:00:00+01:00']]);
  });

  it('is of the thing asked about, when it answers "when is that due?"', () => {
    expect(found("Oh, and the PAYE submission, when's that due?", 'The next one is due on the nineteenth.')).toEqual([['Deadline: PAYE submission', '2027-05-19T09:00:00+01:00']]);
  });
});

describe('a day pencilled in', () => {
  it('is for the thing asked for just before', () => {
    expect(found('Could we have a short chat once the figures are in?', "Yes, let's pencil in Thursday at three.")).toEqual([['Chat', '2027-05-13T15:00:00+01:00']]);
  });
});

describe('an order', () => {
  it('said after "that\'s fine, just", with how the talk goes on after it, is the task of the one who agrees', () => {
    expect(tasks('Noor|The receipts are all over the place.', "Ines|That's fine, just post the receipts by Wednesday and we'll take it from there.", 'Noor|Will do.')).toEqual([['Noor', 'post the receipts']]);
  });
});

describe('"you" as a subject', () => {
  it('takes the verb that goes with the one it stands for', () => {
    expect(tasks("Noor|I'm off to Spain on the twentieth.", "Ines|I'll check the return is filed before you leave.")).toEqual([['Ines', 'check the return is filed before Noor leaves']]);
  });
});
