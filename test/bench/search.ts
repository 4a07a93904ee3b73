// GET /api/v1/search invoked in-process against the local stack, warm (the index cached, one
// ETag check per request, one BatchGet for the page's recordings), at 100 and 2,000
// recordings of 10 minutes each: synthetic transcripts (60 segments of 10 s, ~25 words drawn
// from a skewed vocabulary, as speech is), indexed straight into the user's index object.
// Reports p50/p90 per size, the index object's size (gzipped and not) and its build time.
import { saveLibrary, loadLibrary, forgetCachedLibraries } from '#shared/search/index-store.ts';
import { putRecording } from '#shared/search/documents.ts';
import { Library } from '#shared/search/library.ts';
import { listUserRecordings } from '#shared/store/recordings.ts';
import { issueToken } from '#shared/store/tokens.ts';
import { createUser } from '#shared/store/users.ts';
import type { Segment } from '#shared/providers/types.ts';
import { apiEvent, invokeSequentially, type Handler } from './lib/invoke.ts';
import { rng, seedRecordings } from './lib/seed-recordings.ts';
import { withServiceEnv } from './lib/service-env.ts';
import { startStack } from './lib/stack.ts';
import { kb, ms, type Summary } from './lib/stats.ts';
import type { Benchmark, BenchOptions, Row } from './lib/types.ts';

const GOAL_MS = 100;
const SEGMENTS = 60;
const SEGMENT_SECONDS = 10;
const WORDS_PER_SEGMENT = 25;
const VOCABULARY = 5000;
const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'be', 'da', 'fu', 'go', 'ha', 'ji', 'ke', 'ma', 'no', 'pi', 're', 'su', 'to', 'wa', 'ye', 'zo'];

interface SizeResult {
  readonly recordings: number;
  readonly documents: number;
  readonly gzipBytes: number;
  readonly jsonBytes: number;
  readonly buildSeconds: number;
  readonly latencyMs: Summary;
}

function vocabulary(random: () => number): string[] {
  const words = new Set<string>();
  while (words.size < VOCABULARY) {
    const n = 2 + Math.floor(random() * 3);
    words.add(Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join(''));
  }
  return [...words];
}

/** Log-uniform ranks: a few words very common, most rare (roughly Zipf). */
function transcript(words: readonly string[], random: () => number): Segment[] {
  const word = () => words[Math.floor(Math.pow(words.length, random())) - 1]!;
  return Array.from({ length: SEGMENTS }, (_, i) => ({
    speaker: `SPEAKER_0${i % 3}`,
    sentence: `${Array.from({ length: WORDS_PER_SEGMENT }, word).join(' ')}.`,
    start_time: i * SEGMENT_SECONDS,
    end_time: (i + 1) * SEGMENT_SECONDS,
  }));
}

/** Words, a phrase, a prefix and a typo, of common, middling and rare words. */
function queries(words: readonly string[], sample: Segment): string[] {
  const mid = words.find((w, i) => i > 200 && w.length >= 6)!;
  const phrase = sample.sentence.split(' ').slice(3, 5).join(' ');
  return [words[3]!, mid, words[3000]!, `"${phrase}"`, `${mid.slice(0, 4)}*`, `${mid.slice(0, 2)}${mid.slice(3)}`, `${words[10]} ${mid}`];
}

async function measureSize(env: Record<string, string>, count: number, amount: number, log: BenchOptions['log']): Promise<SizeResult> {
  return withServiceEnv({ ...env, LOG_LEVEL: 'SILENT', RATE_LIMIT_READ_PER_MINUTE: '0' }, async () => {
    const user = await createUser({ email: `bench-search-${count}-${Date.now()}@example.test`, name: 'bench' });
    const { secret } = await issueToken(user.id, 'bench', 0);
    await seedRecordings(user.id, count, count);
    const recordings = await listUserRecordings(user.id);
    const random = rng(7);
    const words = vocabulary(random);
    const started = performance.now();
    const library = Library.empty(user.id);
    let sample: Segment | undefined;
    for (const r of recordings) {
      const segments = transcript(words, random);
      sample ??= segments[0];
      putRecording(library, { id: r.id, title: r.title, status: r.status, meeting_date: r.meeting_date, created_at: r.created_at, tag_ids: [], notes: '', summary: '', segments });
    }
    const saved = await saveLibrary(library, null);
    const buildSeconds = (performance.now() - started) / 1000;
    const jsonBytes = Buffer.byteLength(JSON.stringify(library.toStored()));
    log(`${count} recordings: ${library.documentCount} passages, index ${kb(saved.bytes)} gzipped (${kb(jsonBytes)} JSON), built in ${buildSeconds.toFixed(1)} s`);
    // A fresh reader: the first request loads the object, the rest find it unchanged.
    forgetCachedLibraries();
    const loadStarted = performance.now();
    await loadLibrary(user.id);
    log(`${count} recordings: cold load ${ms(performance.now() - loadStarted)}`);
    const { handler } = (await import('../../functions/api/search/get.ts')) as { handler: Handler };
    const list = queries(words, sample!);
    let n = 0;
    const event = () => {
      const q = list[n++ % list.length]!;
      const query = { q, per_page: '20' };
      return { ...apiEvent('GET', '/search', { authorization: `Bearer ${secret}` }), rawQueryString: new URLSearchParams(query).toString(), queryStringParameters: query };
    };
    await invokeSequentially(handler, event, 2 * list.length);
    const latencyMs = await invokeSequentially(handler, event, amount);
    log(`${count} recordings: p50 ${ms(latencyMs.p50)}, p90 ${ms(latencyMs.p90)}`);
    return { recordings: count, documents: library.documentCount, gzipBytes: saved.bytes, jsonBytes, buildSeconds, latencyMs };
  });
}

function rows(r: SizeResult): Row[] {
  const goal = r.recordings >= 2000 ? { goal: `p50 ≤ ${GOAL_MS} ms`, pass: r.latencyMs.p50 <= GOAL_MS } : {};
  return [
    { benchmark: `search warm, ${r.recordings} recordings × 10 min`, measured: `p50 ${ms(r.latencyMs.p50)} · p90 ${ms(r.latencyMs.p90)}`, ...goal, note: `${r.documents} passages; words, phrase, prefix and typo queries` },
    { benchmark: `search index size, ${r.recordings} recordings`, measured: `${kb(r.gzipBytes)} gzipped`, note: `${kb(r.jsonBytes)} as JSON; built and stored in ${r.buildSeconds.toFixed(1)} s` },
  ];
}

export const search: Benchmark = {
  name: 'search',
  description: 'GET /search warm at 100 and 2,000 recordings of 10 minutes (synthetic transcripts), and the index size',
  async run({ quick, log }) {
    const sizes = quick ? [100, 500] : [100, 2000];
    const amount = quick ? 50 : 200;
    log('starting the local stack');
    const stack = await startStack({});
    const results: SizeResult[] = [];
    try {
      for (const count of sizes) results.push(await measureSize(stack.env, count, amount, log));
    } finally {
      await stack.stop();
    }
    return { rows: results.flatMap(rows), data: { amount, results } };
  },
};
