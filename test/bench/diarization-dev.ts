// The diariser's development set: flite meetings written for tuning the diariser, with scripts
// and voice combinations the benchmark (asr-diarization.ts) does not use, so that whatever is
// tuned here is then measured on unseen meetings there. Prints each meeting's DER (same measure
// as the benchmark: 0.25 s collar) and the diariser's real-time factor.
// `node --import tsx test/bench/diarization-dev.ts [--keep <dir>]`
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { readWavLayout } from '#shared/providers/asr/local/decode.ts';
import { diarize } from '#shared/providers/asr/local/diarize.ts';
import { synthesise } from '../support/speech.ts';
import { diarizationErrorRate } from './lib/der.ts';

const run = promisify(execFile);

interface Voice {
  readonly voice: string;
  readonly effects?: readonly string[];
}

const v = (voice: string, cents?: number): Voice => (cents ? { voice, effects: ['pitch', String(cents)] } : { voice });

/** Voice sets: other combinations and pitch shifts than the benchmark's (awb, kal, slt −400, kal16 +400). */
const VOICE_SETS: Readonly<Record<string, readonly Voice[]>> = {
  'rms+kal16-250': [v('rms'), v('kal16', -250)],
  'slt+awb': [v('slt'), v('awb')],
  'rms+slt+kal': [v('rms'), v('slt'), v('kal')],
  'awb+slt-300+rms+250': [v('awb'), v('slt', -300), v('rms', 250)],
  'kal16+awb+300+slt': [v('kal16'), v('awb', 300), v('slt')],
  'rms+slt+awb+kal16-300': [v('rms'), v('slt'), v('awb'), v('kal16', -300)],
  'kal+rms-250+slt+200+awb-200': [v('kal'), v('rms', -250), v('slt', 200), v('awb', -200)],
  'slt+rms+kal+300+awb': [v('slt'), v('rms'), v('kal', 300), v('awb')],
  'rms+slt+awb+kal+slt-350': [v('rms'), v('slt'), v('awb'), v('kal'), v('slt', -350)],
  'kal+slt-200': [v('kal'), v('slt', -200)],
  'awb+rms-300+slt': [v('awb'), v('rms', -300), v('slt')],
};

type Script = readonly (readonly [number, string])[];

/** Scripts written for the development set; turn order not always round robin. */
const SCRIPTS: Readonly<Record<string, Script>> = {
  bakery: [
    [0, 'The oven in the back broke down again last night.'],
    [1, 'Did you call the repair service this morning?'],
    [0, 'Yes, they can come on Thursday.'],
    [1, 'Then we bake the bread at the other shop until then.'],
    [0, 'I will move the flour and the yeast this afternoon.'],
    [0, 'We also need to tell the customers about the change.'],
    [1, 'A note on the door should be enough.'],
    [0, 'Fine. Can you write it in big letters?'],
    [1, 'Of course, and I will put one on the website too.'],
    [0, 'Thanks. Let us close early today.'],
  ],
  cycling: [
    [0, 'The cycling race goes through the town on Sunday.'],
    [1, 'Which streets will be closed for the cars?'],
    [2, 'Only the main road and the bridge, from ten to two.'],
    [1, 'The buses will need a different route then.'],
    [0, 'I spoke to the driver union yesterday about it.'],
    [2, 'We should put up signs at every corner by Friday.'],
    [1, 'How many volunteers do we have for the crossings?'],
    [2, 'Twenty so far, but we want at least thirty.'],
    [0, 'I will ask the students at the college.'],
    [1, 'Good. The mayor wants a short report on Monday.'],
    [2, 'Then let us meet again on Saturday evening.'],
  ],
  harbour: [
    [0, 'The ferry schedule changes at the start of October.'],
    [1, 'Will the early boat still leave at six?'],
    [2, 'No, the first one leaves at half past six from now on.'],
    [3, 'That is bad news for the people who work in the city.'],
    [1, 'Maybe the company can add a bus to the station.'],
    [0, 'I will write to them before the end of the week.'],
    [3, 'The fishermen also asked for a bigger parking place.'],
    [2, 'There is free land behind the old fish market.'],
    [0, 'Let us ask the council if we can use it.'],
    [3, 'I know someone there. I can call her tomorrow.'],
    [1, 'Great. Then we talk about it at the next meeting.'],
    [2, 'Yes. Thank you all for coming tonight.'],
  ],
  concert: [
    [0, 'The concert hall is booked for the last Friday of May.'],
    [1, 'How many tickets did we sell so far?'],
    [2, 'About three hundred, most of them online.'],
    [3, 'The choir still needs two more rehearsals.'],
    [4, 'I can open the church hall on Tuesday evening.'],
    [0, 'Perfect. The piano tuner comes on Wednesday.'],
    [2, 'Who will print the programmes?'],
    [1, 'My brother has a printing shop near the station.'],
    [4, 'Ask him for a price for five hundred copies.'],
    [3, 'And we need someone to sell drinks in the break.'],
    [0, 'The youth club offered to do that.'],
    [1, 'Then everything is ready. See you on Tuesday.'],
  ],
};

/** All the scripts above in a row (`times` over), speakers modulo `voices`: ≈ 2.5 min each time. */
const long = (voices: number, times = 1): Script =>
  Array.from({ length: times }, () => Object.values(SCRIPTS).flatMap((lines) => lines.map(([s, text]) => [s % voices, text] as const))).flat();

interface DevMeeting {
  readonly script: string;
  readonly voices: string;
  /** Silence between turns (seconds). Default 0.7, as the benchmark. */
  readonly gap?: number;
  /** Pink noise mixed in (sox synth vol): 0.06 ≈ 22 dB SNR, 0.1 ≈ 17 dB. */
  readonly noise?: number;
}

/** Development meetings: a script (its voices) read by one voice set. */
const MEETINGS: readonly DevMeeting[] = [
  { script: 'bakery', voices: 'rms+kal16-250' },
  { script: 'bakery', voices: 'slt+awb' },
  { script: 'cycling', voices: 'rms+slt+kal' },
  { script: 'cycling', voices: 'awb+slt-300+rms+250' },
  { script: 'cycling', voices: 'kal16+awb+300+slt' },
  { script: 'harbour', voices: 'rms+slt+awb+kal16-300' },
  { script: 'harbour', voices: 'kal+rms-250+slt+200+awb-200' },
  { script: 'harbour', voices: 'slt+rms+kal+300+awb' },
  { script: 'concert', voices: 'rms+slt+awb+kal+slt-350' },
  { script: 'all (2 voices)', voices: 'kal+slt-200' },
  { script: 'all (3 voices)', voices: 'awb+rms-300+slt' },
  { script: 'all×3 (4 voices)', voices: 'slt+rms+kal+300+awb' },
  { script: 'harbour', voices: 'kal+rms-250+slt+200+awb-200', gap: 0.1 },
  { script: 'cycling', voices: 'awb+slt-300+rms+250', gap: 0.1 },
  { script: 'harbour', voices: 'rms+slt+awb+kal16-300', noise: 0.06 },
  { script: 'cycling', voices: 'rms+slt+kal', noise: 0.1 },
];

interface Built {
  readonly path: string;
  readonly turns: { start: number; end: number; speaker: number }[];
}

async function build(dir: string, script: Script, meeting: DevMeeting): Promise<Built> {
  const cache = join(dir, 'turns.json');
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as Built;
  const voices = VOICE_SETS[meeting.voices]!;
  const made = await synthesise(dir, script.map(([s, text]) => ({ ...voices[s]!, text })), meeting.gap);
  let path = made.path;
  if (meeting.noise) {
    const noise = join(dir, 'noise.wav');
    path = join(dir, 'noisy.wav');
    await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', noise, 'synth', String(made.durationSeconds), 'pinknoise', 'vol', String(meeting.noise)]);
    await run('sox', ['-m', made.path, noise, path]);
  }
  const built = { path, turns: made.turns.map((t, i) => ({ ...t, speaker: script[i]![0] })) };
  writeFileSync(cache, JSON.stringify(built));
  return built;
}

const nameOf = (m: DevMeeting) => `${m.script} / ${m.voices}${m.gap !== undefined ? ` gap ${m.gap}` : ''}${m.noise ? ` noise ${m.noise}` : ''}`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { keep: { type: 'string' } } });
  const dir = values.keep ?? mkdtempSync(join(tmpdir(), 'verbatim-diarization-dev-'));
  const ders: number[] = [];
  let [audio, spent] = [0, 0];
  try {
    for (const meeting of MEETINGS) {
      const longForm = /^all(?:×(\d))? \((\d) voices\)$/.exec(meeting.script);
      const lines = SCRIPTS[meeting.script] ?? long(Number(longForm![2]), Number(longForm![1] ?? 1));
      const built = await build(join(dir, nameOf(meeting).replace(/\W+/g, '-')), lines, meeting);
      const layout = await readWavLayout(built.path);
      const started = performance.now();
      const hyp = await diarize(built.path, layout);
      spent += (performance.now() - started) / 1000;
      audio += layout.durationSeconds;
      const labelled = hyp.turns.map((t) => ({ start: t.start, end: t.end, speaker: t.label }));
      const r = diarizationErrorRate(built.turns, labelled, { collar: 0.25 });
      const voiceCount = new Set(built.turns.map((t) => t.speaker)).size;
      ders.push(r.der);
      process.stdout.write(`${nameOf(meeting).padEnd(56)} voices ${voiceCount} labels ${Object.keys(hyp.embeddings).length}  DER ${(100 * r.der).toFixed(1).padStart(5)} %  (missed ${r.missed.toFixed(1)} fa ${r.falseAlarm.toFixed(1)} conf ${r.confusion.toFixed(1)} of ${r.total.toFixed(1)} s)\n`);
    }
    const mean = ders.reduce((a, b) => a + b, 0) / ders.length;
    process.stdout.write(`mean DER ${(100 * mean).toFixed(1)} %, worst ${(100 * Math.max(...ders)).toFixed(1)} %, over 15 %: ${ders.filter((d) => d > 0.15).length}; diariser RTF ${(spent / audio).toFixed(4)}\n`);
  } finally {
    if (!values.keep) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
