// A task said of "someone" (from the sprint planning typed for a user check: "someone needs to
// renew it" … "i'll take that"): no one's until a reply takes it on, then the one who took it.
// Sentences written for this test.
import { describe, expect, it } from 'vitest';
import { dateReference } from '#shared/providers/llm/local/index.ts';
import { itemsOfTalk } from '../support/spoken-events.ts';

const reference = dateReference('2027-03-11T09:30:00+11:00', 'Australia/Sydney')!;
const items = (...lines: string[]) => itemsOfTalk(reference, ...lines).map((i) => [i.owner, i.task, i.due?.label ?? '']);

describe('a task said of someone', () => {
  it('is the task of the one who takes it on, what it stands for said before', () => {
    expect(items('Wei|The domain name expires in April. Someone needs to renew it.', "Tom|I'll take that.")).toEqual([['Tom', 'renew the domain name', '']]);
    expect(items('Ana|Somebody has to book the minibus for the away game.', 'Ben|Leave it with me, I can do that by Friday.')).toEqual([['Ben', 'book the minibus for the away game', 'Fri 12 Mar 2027']]);
  });

  it('is found mid-line, as the recogniser writes it without stops, but not in a condition', () => {
    expect(items('Wei|the domain name expires in april someone needs to renew it', "Tom|i'll take that")).toEqual([['Tom', 'renew the domain name', 'Apr 2027']]);
    expect(items('Ana|if someone needs to reach me call my mobile', 'Ben|ok')).toEqual([]);
  });

  it("takes what the taker then says of it, not a second task", () => {
    expect(items('Wei|Someone needs to renew the staging certificate.', "Tom|I'll take that. I'll renew it this week.")).toEqual([['Tom', 'renew the staging certificate', '']]);
  });

  it("is no one's while no one takes it on", () => {
    expect(items('Ana|Someone should call the landlord about the boiler.', 'Ben|The agenda is done, by the way.')).toEqual([['Someone', 'call the landlord about the boiler', '']]);
  });
});
