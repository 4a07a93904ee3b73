// The OpenAI-compatible transcription provider against a fake /v1/audio/transcriptions that
// answers with OpenAI's documented response and error shapes (127.0.0.1 only).
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reloadSettings } from '#shared/config.ts';
import { openaiTranscriber } from '#shared/providers/asr/openai.ts';
import { ProviderError, type Segment } from '#shared/providers/types.ts';
import { makeTone, openAiError, setEnv, startFakeServer, verboseJsonCovering, type FakeServer, type RecordedRequest, type Reply } from '../support/fake-providers.ts';

const MB = 1024 * 1024;
const ENV = ['ASR_BASE_URL', 'ASR_API_KEY', 'ASR_MODEL', 'ASR_CHUNK_SECONDS', 'ASR_CHUNK_OVERLAP_SECONDS', 'ASR_MAX_UPLOAD_MB'] as const;
const saved = Object.fromEntries([...ENV, 'TMPDIR'].map((k) => [k, process.env[k]]));
let server: FakeServer;
let dir: string;
/** Each upload's length as ffprobe reads it, in order of arrival. */
const uploadedSeconds: number[] = [];
const audio = { short: '', mid: '', long: '' };

function configure(env: Partial<Record<(typeof ENV)[number], string | undefined>> = {}) {
  setEnv({ ASR_BASE_URL: `${server.url}/v1`, ASR_API_KEY: 'test-key', ASR_MODEL: 'whisper-1', ASR_CHUNK_SECONDS: undefined, ASR_CHUNK_OVERLAP_SECONDS: undefined, ASR_MAX_UPLOAD_MB: undefined, ...env });
  reloadSettings();
}

beforeAll(async () => {
  server = await startFakeServer();
  dir = await mkdtemp(join(tmpdir(), 'asr-openai-test-'));
  // The provider's temp folders go here (os.tmpdir() follows TMPDIR), so the test can see them.
  await mkdir(join(dir, 'tmp'));
  process.env.TMPDIR = join(dir, 'tmp');
  Object.assign(audio, { short: join(dir, 'short.wav'), mid: join(dir, 'mid.wav'), long: join(dir, 'long.wav') });
  await Promise.all([makeTone(audio.short, 20), makeTone(audio.mid, 70), makeTone(audio.long, 2400)]);
}, 120_000);
afterEach(() => {
  server.reset();
  uploadedSeconds.splice(0);
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  setEnv(saved);
  reloadSettings();
});

const fast = () => openaiTranscriber({ retryDelaysMs: [50, 100, 200] });
const rejection = async (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a rejection'), (e: unknown) => e);
const tempDirs = async () => (await readdir(join(dir, 'tmp'))).filter((n) => n.startsWith('verbatim-asr-'));

/** verbose_json covering the uploaded file (see fake-providers.ts), its length noted. */
const covering = async (request: RecordedRequest): Promise<Reply> => {
  const { reply, seconds } = await verboseJsonCovering(request, dir);
  uploadedSeconds.push(seconds);
  return reply;
};

function expectContinuous(segments: readonly Segment[], from: number, to: number) {
  expect(segments.length).toBeGreaterThan(0);
  expect(segments[0]!.start_time).toBeLessThan(from + 1);
  expect(segments.at(-1)!.end_time).toBeGreaterThan(to - 1);
  let clock = 0;
  for (const s of segments) {
    expect(s.start_time).toBeGreaterThanOrEqual(clock);
    expect(s.start_time - clock).toBeLessThan(1.5);
    expect(s.end_time).toBeGreaterThanOrEqual(s.start_time);
    clock = s.end_time;
  }
  const words = segments.flatMap((s) => s.words ?? []);
  for (let i = 1; i < words.length; i++) {
    const gap = words[i]!.start - words[i - 1]!.start;
    expect(gap).toBeGreaterThan(0.3); // a word of the overlap kept twice would sit ≈ 0 s from its copy
    expect(gap).toBeLessThan(1.7);
  }
  return words;
}

describe('openai transcriber', () => {
  it('sends the documented multipart request and maps segments and words', async () => {
    configure();
    server.handle(() => ({
      json: {
        task: 'transcribe', language: 'english', duration: 20.0, text: 'Hello there, everyone. Let us begin.',
        segments: [
          { id: 0, seek: 0, start: 0.0, end: 4.2, text: ' Hello there, everyone.', tokens: [50364, 2425], temperature: 0.0, avg_logprob: -0.25, compression_ratio: 1.2, no_speech_prob: 0.01 },
          { id: 1, seek: 420, start: 4.5, end: 9.0, text: ' Let us begin.', tokens: [50589, 961], temperature: 0.0, avg_logprob: -0.1, compression_ratio: 1.2, no_speech_prob: 0.02 },
        ],
        words: [
          { word: 'Hello', start: 0.0, end: 0.4 }, { word: 'there,', start: 0.5, end: 0.9 }, { word: 'everyone.', start: 1.0, end: 1.8 },
          { word: 'Let', start: 4.5, end: 4.7 }, { word: 'us', start: 4.8, end: 5.0 }, { word: 'begin.', start: 5.1, end: 5.6 },
        ],
        usage: { type: 'duration', seconds: 20 },
      },
    }));
    const result = await fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav', language: 'en-US', prompt: 'Verbatim, Speakr' });

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect([sent.method, sent.path]).toEqual(['POST', '/v1/audio/transcriptions']);
    expect(sent.headers.authorization).toBe('Bearer test-key');
    expect(sent.field('model')).toBe('whisper-1');
    expect(sent.field('response_format')).toBe('verbose_json');
    expect(sent.fields('timestamp_granularities[]')).toEqual(['segment', 'word']);
    expect(sent.field('language')).toBe('en');
    expect(sent.field('prompt')).toBe('Verbatim, Speakr');
    expect(sent.file('file')?.filename).toBe('audio.wav');
    expect(sent.file('file')?.data.subarray(0, 4).toString()).toBe('RIFF');

    expect(result.language).toBe('en');
    expect(result.engine).toBe('whisper-1');
    expect(result.durationSeconds).toBeCloseTo(20, 1);
    expect(result.segments.map((s) => [s.speaker, s.sentence, s.start_time, s.end_time])).toEqual([
      ['SPEAKER_00', 'Hello there, everyone.', 0, 4.2],
      ['SPEAKER_00', 'Let us begin.', 4.5, 9],
    ]);
    expect(result.segments[0]!.words).toEqual([
      { word: 'Hello', start: 0, end: 0.4, confidence: 0.779 },
      { word: 'there,', start: 0.5, end: 0.9, confidence: 0.779 },
      { word: 'everyone.', start: 1, end: 1.8, confidence: 0.779 },
    ]);
    expect(result.segments[1]!.words!.map((w) => w.word)).toEqual(['Let', 'us', 'begin.']);
  });

  it('cuts a 40-minute file into pieces under the upload limit and merges them into one continuous transcript', async () => {
    configure();
    let during: string[] = [];
    server.handle(async (request) => {
      during = await tempDirs();
      return covering(request);
    });
    const result = await fast().transcribe({ audioPath: audio.long, mimeType: 'audio/wav' });

    const expected = Math.ceil((2400 - 3) / (600 - 3)); // default 600-s pieces overlapping by 3 s
    expect(server.requests).toHaveLength(expected);
    for (const request of server.requests) {
      const file = request.file('file')!;
      expect(file.data.length).toBeLessThan(25 * MB);
      expect(file.filename).toMatch(/^chunk-\d+\.mp3$/);
    }
    for (const seconds of uploadedSeconds) expect(seconds).toBeLessThanOrEqual(600 + 0.1);
    expect(uploadedSeconds.reduce((a, b) => a + b, 0)).toBeCloseTo(2400 + (expected - 1) * 3, -1);
    expect(result.durationSeconds).toBeCloseTo(2400, 0);
    expect(result.language).toBe('en');
    const words = expectContinuous(result.segments, 0, 2400);
    expect(words.length).toBeGreaterThan(2400 - 6);
    expect(words.length).toBeLessThan(2400 + 6);
    expect(during).toHaveLength(1); // the pieces lived in one verbatim-asr-* folder…
    expect(await tempDirs()).toEqual([]); // …removed afterwards
  }, 180_000);

  it('retries a 429 after its Retry-After and succeeds', async () => {
    configure();
    server.handle((req, call) => (call === 1 ? openAiError(429, { 'retry-after': '1' }) : covering(req)));
    const started = Date.now();
    const result = await fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav' });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expectContinuous(result.segments, 0, 20);
  });

  it('retries a 500 twice and succeeds', async () => {
    configure();
    server.handle((req, call) => (call <= 2 ? openAiError(500) : covering(req)));
    const result = await fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav' });
    expect(server.requests).toHaveLength(3);
    expectContinuous(result.segments, 0, 20);
  });

  it('fails the whole job when one piece keeps failing, with no partial transcript', async () => {
    configure({ ASR_CHUNK_SECONDS: '30' });
    server.handle((req, call) => (call === 1 ? covering(req) : openAiError(500)));
    const error = await rejection(fast().transcribe({ audioPath: audio.mid, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
    expect((error as ProviderError).message).toMatch(/^Part \d of 3 of the recording could not be transcribed: .*HTTP 500/);
    // One piece answered, another was tried 4 times (1 + 3 retries); the third may have started.
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    expect(server.requests.length).toBeLessThanOrEqual(9);
    expect(await tempDirs()).toEqual([]);
  });

  it('stops when the caller aborts and removes its temp files', async () => {
    configure({ ASR_CHUNK_SECONDS: '30' });
    server.handle(async (request) => ({ ...(await covering(request)), delayMs: 3000 }));
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    setTimeout(() => controller.abort(reason), 500);
    const started = Date.now();
    const error = await rejection(fast().transcribe({ audioPath: audio.mid, mimeType: 'audio/wav', signal: controller.signal }));
    expect(error).toBe(reason);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(await tempDirs()).toEqual([]);
  });

  it('fails at once on a 401 with a readable, key-free, permanent error', async () => {
    configure();
    server.handle(() => ({
      status: 401,
      json: { error: { message: 'Incorrect API key provided: test-key. You can find your API key at https://platform.openai.com/account/api-keys.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } },
    }));
    const error = await rejection(fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as ProviderError).message).toBe('The transcription service answered HTTP 401: it refused the API key');
    expect((error as ProviderError).message).not.toContain('test-key');
    expect(server.requests).toHaveLength(1);
  });

  it('refuses clearly when no base URL is set', async () => {
    configure({ ASR_BASE_URL: undefined });
    const error = await rejection(fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(false);
    expect((error as ProviderError).message).toMatch(/ASR_BASE_URL is not set/);
    expect(server.requests).toHaveLength(0);
  });

  it('maps diarized_json speakers to SPEAKER_nn in order of appearance', async () => {
    configure({ ASR_MODEL: 'gpt-4o-transcribe-diarize' });
    const segment = (id: number, speaker: string, start: number, end: number, text: string) => ({ type: 'transcript.text.segment', id: `seg_${id}`, speaker, start, end, text });
    server.handle(() => ({
      json: {
        task: 'transcribe', duration: 20, text: 'Hi. Hello. Shall we?',
        segments: [segment(0, 'B', 0.2, 1.1, 'Hi.'), segment(1, 'A', 1.4, 2.6, 'Hello.'), segment(2, 'B', 3.0, 4.4, 'Shall we?')],
        usage: { type: 'tokens', input_tokens: 100, output_tokens: 10, total_tokens: 110 },
      },
    }));
    const result = await fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav', prompt: 'ignored by this model' });
    const sent = server.requests[0]!;
    expect(sent.field('response_format')).toBe('diarized_json');
    expect(sent.field('chunking_strategy')).toBe('auto');
    expect(sent.fields('timestamp_granularities[]')).toEqual([]);
    expect(sent.field('prompt')).toBeUndefined();
    expect(result.segments.map((s) => [s.speaker, s.sentence, s.start_time, s.end_time])).toEqual([
      ['SPEAKER_00', 'Hi.', 0.2, 1.1],
      ['SPEAKER_01', 'Hello.', 1.4, 2.6],
      ['SPEAKER_00', 'Shall we?', 3, 4.4],
    ]);
    expect(result.engine).toBe('gpt-4o-transcribe-diarize');
  });

  it('takes a plain json answer (gpt-4o-transcribe) as one segment over the audio', async () => {
    configure({ ASR_MODEL: 'gpt-4o-mini-transcribe' });
    server.handle(() => ({ json: { text: 'Hello there.', usage: { type: 'tokens', input_tokens: 50, output_tokens: 4, total_tokens: 54 } } }));
    const result = await fast().transcribe({ audioPath: audio.short, mimeType: 'audio/wav', language: 'de' });
    expect(server.requests[0]!.field('response_format')).toBe('json');
    expect(result.segments).toEqual([{ speaker: 'SPEAKER_00', sentence: 'Hello there.', start_time: 0, end_time: 20 }]);
    expect(result.language).toBe('de');
  });
});
