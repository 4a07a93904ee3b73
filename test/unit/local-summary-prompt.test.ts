// The offline summariser applies custom_prompt: the sections asked for come first (the decisions
// only when asked for), and key lines about the topic the prompt names (or stating decisions,
// when asked) are chosen. Transcript
// written for this test.
import { describe, expect, it } from 'vitest';
import { localLanguageModel } from '#shared/providers/llm/local/index.ts';
import { readFocus } from '#shared/providers/llm/local/steer.ts';
import type { Segment } from '#shared/providers/types.ts';

const LINES = [
  'welcome to the product review of the new coffee machine',
  'the grinder makes too much noise during the morning rush',
  'customers complained about the price of the large model',
  'we decided to lower the price of the large model by ten percent',
  'the water tank leaks when it is filled to the top',
  'the engineers redesigned the water tank seal last month',
  'marketing wants a red version for the holiday season',
  'sara will test the new seal by friday',
  'the factory can ship the red version on the first of december',
  'the manual still shows the old grinder settings',
  'we agreed to print the manual again with the new settings',
  'packaging costs went up because of the new foam',
  'thanks everyone',
];
const segments: Segment[] = LINES.map((sentence, i) => ({ speaker: i % 2 ? 'SPEAKER_01' : 'SPEAKER_00', sentence, start_time: i * 5, end_time: i * 5 + 4 }));
const summarise = async (prompt: string) =>
  (await localLanguageModel().summarize({ segments, prompt, context: { title: 'Review', meetingDate: '2026-11-19T10:00:00Z' } })).markdown;
const sections = (markdown: string) => [...markdown.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
const keyLines = (markdown: string) => (markdown.split(/^## /m)[1] ?? '').split('\n').filter((l) => l.startsWith('- '));
/** The list lines of the section with this heading. */
const section = (markdown: string, heading: string) => (markdown.split(/^## /m).find((part) => part.startsWith(`${heading}\n`)) ?? '').split('\n').filter((l) => l.startsWith('- '));

describe('offline summary steered by custom_prompt', () => {
  it('reads intents and a topic from the prompt; the built-in style prompt keeps the usual order, with the decisions it asks for', () => {
    expect(readFocus('Summarise this meeting: the key points, the decisions taken, the action items with their owners and due dates, and the dates mentioned.')).toMatchObject({ order: ['key', 'decisions', 'actions', 'dates'], decisions: false });
    expect(readFocus('Only the action items please').order[0]).toBe('actions');
    expect(readFocus('List the deadlines').order[0]).toBe('dates');
    expect([...readFocus('Focus on the water tank').topic].sort()).toEqual(['tank', 'water']);
    expect(readFocus(undefined)).toMatchObject({ order: ['key', 'actions', 'dates'], decisions: false });
  });

  it('puts the action items first when the prompt asks for them', async () => {
    const markdown = await summarise('What are the action items?');
    expect(sections(markdown).slice(0, 2)).toEqual(['Summary', 'Action items']);
    expect(markdown.split('## Action items')[1]).toMatch(/test the new seal/);
  });

  it('puts the dates first when the prompt asks for deadlines', async () => {
    expect(sections(await summarise('Give me the deadlines and dates.'))[1]).toBe('Key dates');
  });

  it('chooses the lines about a topic named in the prompt', async () => {
    const plain = keyLines(await summarise('Summarise the meeting.'));
    const tank = keyLines(await summarise('Focus on the water tank.'));
    const aboutTank = (lines: string[]) => lines.filter((l) => /water tank/.test(l)).length;
    expect(aboutTank(tank)).toBe(2);
    expect(tank.slice(0, 5).join('\n')).toMatch(/leaks/);
    expect(aboutTank(tank)).toBeGreaterThanOrEqual(aboutTank(plain));
    const price = keyLines(await summarise('Summarise what was said about pricing.'));
    expect(price.filter((l) => /price/.test(l))).toHaveLength(2);
  });

  it('lists the decisions first when the prompt asks for them, and prefers key lines stating one', async () => {
    const markdown = await summarise('Which decisions were taken?');
    expect(sections(markdown).slice(0, 3)).toEqual(['Summary', 'Decisions', 'Key points']);
    expect(section(markdown, 'Decisions')).toEqual([
      '- We decided to lower the price of the large model by ten percent (SPEAKER_01, 00:15)',
      '- We agreed to print the manual again with the new settings (SPEAKER_00, 00:50)',
    ]);
    const lines = section(markdown, 'Key points');
    expect(lines.some((l) => /decided to lower the price/.test(l))).toBe(true);
    expect(lines.some((l) => /agreed to print the manual/.test(l))).toBe(true);
  });

  it('lists the decisions after the key lines for the built-in prompt, and none for a prompt that does not ask for them', async () => {
    const builtIn = await summarise('Summarise this meeting for someone who missed it: the key points, the decisions taken, the action items with their owners and due dates, and the dates mentioned.');
    expect(sections(builtIn)).toEqual(['Summary', 'Decisions', 'Action items', 'Key dates']);
    expect(section(builtIn, 'Decisions')).toHaveLength(2);
    expect(sections(await summarise('What are the action items?'))).not.toContain('Decisions');
    // A meeting where nothing was decided says so.
    const chatter: Segment[] = [{ speaker: 'A', sentence: 'the weather was lovely all week', start_time: 0, end_time: 3 }];
    const quiet = (await localLanguageModel().summarize({ segments: chatter, prompt: 'List the decisions', context: { title: 'Chat', meetingDate: '2026-11-19T10:00:00Z' } })).markdown;
    expect(quiet).toMatch(/## Decisions\n\n_None found\._/);
  });
});
