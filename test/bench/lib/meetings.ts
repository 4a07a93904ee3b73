// Benchmark speech the engines were never tuned on: real read speech from the Debian package
// pocketsphinx-testdata (LibriVox "Sense and Sensibility" clips and the "cards" clips, human
// voices, with their transcripts), and flite meetings with scripts written for the benchmark
// and voices no test uses (awb, kal, slt shifted down and kal16 shifted up in pitch).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { synthesise, type VoicedLine } from '../../support/speech.ts';

const run = promisify(execFile);

export const TESTDATA = '/usr/share/pocketsphinx/test/data';

export interface BenchSpeech {
  readonly name: string;
  /** Where the audio and its transcript come from. */
  readonly source: string;
  readonly path: string;
  readonly reference: string;
  readonly durationSeconds: number;
  /** Who speaks when (speaker index per turn), for synthesised meetings. */
  readonly turns?: readonly { start: number; end: number; speaker: number }[];
}

/** The human read speech of pocketsphinx-testdata, clips joined by 0.8 s of silence. */
export async function realSpeech(dir: string): Promise<BenchSpeech> {
  const sets = [
    { folder: 'librivox', transcript: 'transcription' },
    { folder: 'cards', transcript: 'cards.transcription' },
  ];
  const clips: { path: string; text: string }[] = [];
  for (const set of sets) {
    const lines = readFileSync(join(TESTDATA, set.folder, set.transcript), 'utf8').split('\n').filter(Boolean);
    for (const line of lines) {
      const m = /^(.*)\((\S+)\)\s*$/.exec(line);
      if (!m) continue;
      const file = join(TESTDATA, set.folder, `${m[2]}.wav`);
      if (existsSync(file)) clips.push({ path: file, text: m[1]!.replace(/<\/?s>/g, ' ').trim() });
    }
  }
  if (clips.length === 0) throw new Error('pocketsphinx-testdata is not installed (apt-get install pocketsphinx-testdata)');
  await mkdir(dir, { recursive: true });
  const gap = join(dir, 'gap.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', gap, 'trim', '0', '0.8']);
  const path = join(dir, 'real.wav');
  await run('sox', [...clips.flatMap((c, i) => (i === 0 ? [c.path] : [gap, c.path])), path]);
  const { stdout } = await run('soxi', ['-D', path]);
  return {
    name: 'real read speech',
    source: `Debian package pocketsphinx-testdata: ${TESTDATA}/librivox/*.wav (LibriVox, one human reader) and ${TESTDATA}/cards/*.wav, with their transcription files`,
    path,
    reference: clips.map((c) => c.text).join(' '),
    durationSeconds: Number(stdout.trim()),
  };
}

interface Voice {
  readonly voice: string;
  readonly effects?: readonly string[];
}

/**
 * Voices no test uses, each a different speaker: kal16 is kal's own voice at 16 kHz, so the
 * fourth is kal16 raised in pitch rather than kal16 beside kal (one speaker counted as two).
 */
const BENCH_VOICES: readonly Voice[] = [{ voice: 'awb' }, { voice: 'kal' }, { voice: 'slt', effects: ['pitch', '-400'] }, { voice: 'kal16', effects: ['pitch', '400'] }];

/** Scripts written for the benchmark (speaker index, text). */
export const BENCH_SCRIPTS: Readonly<Record<string, readonly (readonly [number, string])[]>> = {
  'warehouse (2 voices)': [
    [0, 'Morning. The delivery trucks were late again this week.'],
    [1, 'I know. The new driver took the long road through the valley.'],
    [0, 'Can you ask him to use the highway from now on?'],
    [1, 'Yes, I will talk to him after lunch.'],
    [0, 'We also need more shelves in the north corner of the warehouse.'],
    [1, 'The carpenter can come on Wednesday afternoon.'],
    [0, 'That works. Please order the wood before Monday.'],
    [1, 'Should we paint the floor markings at the same time?'],
    [0, 'No, that can wait until the spring.'],
    [1, 'Fine. I will send you the price list tonight.'],
  ],
  'garden club (3 voices)': [
    [0, 'Welcome back to the garden club. We have a lot to plan.'],
    [1, 'The roses by the fence need water every morning now.'],
    [2, 'I can bring a longer hose from my house.'],
    [0, 'Great. Who will look after the vegetable beds in August?'],
    [1, 'My sister will be here for the whole month.'],
    [2, 'We should also sell the extra tomatoes at the market.'],
    [0, 'Good idea. The market opens at eight on Saturday.'],
    [1, 'I will make a sign with the prices.'],
    [2, 'And I will bring a table and two chairs.'],
    [0, 'Thank you both. See you next week.'],
  ],
  'school trip (4 voices)': [
    [0, 'The school trip to the museum is on the twelfth of March.'],
    [1, 'How many children have signed up so far?'],
    [2, 'Forty two, and six parents want to help.'],
    [3, 'The bus company needs the final number by Friday.'],
    [0, 'Then we send a reminder to the parents tomorrow.'],
    [1, 'Each child should bring a packed lunch and a coat.'],
    [2, 'The museum has a room where we can eat if it rains.'],
    [3, 'I will call them to book it for noon.'],
    [0, 'Perfect. We leave the school at nine and come back at three.'],
    [1, 'I will print the permission forms today.'],
  ],
  // A second meeting of the same voices (speaker index modulo the voices), for speaker suggestions.
  'library move (second meeting)': [
    [0, 'The library moves to the old post office in June.'],
    [1, 'Do we have enough boxes for all the books?'],
    [2, 'The supermarket gave us sixty boxes yesterday.'],
    [3, 'We still need people to carry them on the weekend.'],
    [0, 'I can ask the football team to help on Saturday morning.'],
    [1, 'The new shelves arrive on the first Monday of the month.'],
    [2, 'Who has the key to the basement storage room?'],
    [3, 'The caretaker keeps it in his office next to the hall.'],
    [0, 'Good. Let us label every box with the shelf number.'],
    [1, 'I will print the labels tonight and bring tape.'],
    [2, 'Then the children can start reading there in July.'],
    [3, 'That sounds like a plan. Thank you all for coming.'],
  ],
};

/**
 * A flite meeting of one of the scripts above, voices in BENCH_VOICES order; with `voiceCount`,
 * the script's speaker index is taken modulo it (a script of four read by fewer voices).
 */
export async function benchMeeting(dir: string, name: string, voices: readonly Voice[] = BENCH_VOICES, voiceCount?: number): Promise<BenchSpeech> {
  const written = BENCH_SCRIPTS[name];
  if (!written) throw new Error(`no script ${name}`);
  const script = written.map(([speaker, text]) => [voiceCount ? speaker % voiceCount : speaker, text] as const);
  const lines: VoicedLine[] = script.map(([speaker, text]) => ({ ...voices[speaker % voices.length]!, text }));
  const speakers = new Set(script.map(([s]) => s)).size;
  const meeting = await synthesise(dir, lines);
  return {
    name: `flite meeting: ${name}`,
    source: `script written for the benchmark, flite voices ${voices.slice(0, speakers).map((v) => v.voice + (v.effects ? ` (${v.effects.join(' ')})` : '')).join(', ')}`,
    path: meeting.path,
    reference: script.map(([, text]) => text).join(' '),
    durationSeconds: meeting.durationSeconds,
    turns: meeting.turns.map((t, i) => ({ ...t, speaker: script[i]![0] })),
  };
}
