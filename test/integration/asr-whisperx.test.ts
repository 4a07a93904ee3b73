// The self-hosted ASR webservice provider (whisper-asr-webservice / WhisperX fork) against a
// fake POST /asr answering with the service's documented JSON output (127.0.0.1 only).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { reloadSettings } from '#shared/config.ts';
import { whisperxTranscriber } from '#shared/providers/asr/whisperx.ts';
import { ProviderError } from '#shared/providers/types.ts';
import { makeTone, setEnv, startFakeServer, type FakeServer } from '../support/fake-providers.ts';

const ENV = ['ASR_BASE_URL', 'ASR_API_KEY', 'ASR_TIMEOUT_SECONDS', 'ASR_DIARIZE'] as const;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
let server: FakeServer;
let dir: string;
let wav: string;

function configure(env: Partial<Record<(typeof ENV)[number], string | undefined>> = {}) {
  setEnv({ ASR_BASE_URL: server.url, ASR_API_KEY: undefined, ASR_TIMEOUT_SECONDS: undefined, ASR_DIARIZE: undefined, ...env });
  reloadSettings();
}

beforeAll(async () => {
  server = await startFakeServer();
  dir = await mkdtemp(join(tmpdir(), 'asr-whisperx-test-'));
  wav = join(dir, 'meeting.wav');
  await makeTone(wav, 8);
}, 60_000);
afterEach(() => server.reset());
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
  setEnv(saved);
  reloadSettings();
});

const vector = (seed: number) => Array.from({ length: 256 }, (_, i) => Math.round(Math.sin(seed * 1000 + i) * 1e6) / 1e6);
const w = (word: string, start: number, end: number, score: number, speaker?: string) => ({ word, start, end, score, ...(speaker && { speaker }) });

/** The WhisperX fork's output=json: diarised segments, scored words, 256-d speaker embeddings. */
const diarised = {
  text: ' Good morning everyone. Morning! Shall we start?',
  language: 'en',
  segments: [
    { start: 0.5, end: 2.1, text: ' Good morning everyone.', speaker: 'SPEAKER_01', words: [w('Good', 0.5, 0.8, 0.91, 'SPEAKER_01'), w('morning', 0.85, 1.3, 0.88, 'SPEAKER_01'), w('everyone.', 1.35, 2.1, 0.95, 'SPEAKER_01')] },
    { start: 2.4, end: 3.9, text: ' Morning!', speaker: 'SPEAKER_00', words: [w('Morning!', 2.4, 3.9, 0.7, 'SPEAKER_00')] },
    // WhisperX leaves a segment unassigned when no speaker turn overlaps it.
    { start: 4.2, end: 5.6, text: ' Shall we start?', words: [w('Shall', 4.2, 4.5, 0.8), w('we', 4.55, 4.7, 0.9), w('start?', 4.75, 5.6, 0.85)] },
  ],
  word_segments: [],
  speaker_embeddings: { SPEAKER_00: vector(0), SPEAKER_01: vector(1) },
};
const rejection = async (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a rejection'), (e: unknown) => e);

describe('whisperx transcriber', () => {
  it('sends the documented query and maps speakers, words and embeddings', async () => {
    configure({ ASR_API_KEY: 'asr-secret' });
    server.handle(() => ({ json: diarised, headers: { 'asr-engine': 'whisperx' } }));
    const result = await whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav', language: 'en-GB', minSpeakers: 2, maxSpeakers: 3, prompt: 'Verbatim standup' });

    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect([sent.method, sent.path]).toEqual(['POST', '/asr']);
    expect(Object.fromEntries(sent.query)).toEqual({
      output: 'json', task: 'transcribe', encode: 'true', word_timestamps: 'true', language: 'en',
      diarize: 'true', enable_diarization: 'true', min_speakers: '2', max_speakers: '3', return_speaker_embeddings: 'true',
      initial_prompt: 'Verbatim standup',
    });
    expect(sent.headers.authorization).toBe('Bearer asr-secret');
    expect(sent.file('audio_file')?.data.subarray(0, 4).toString()).toBe('RIFF');

    expect(result.segments.map((s) => [s.speaker, s.sentence, s.start_time, s.end_time])).toEqual([
      ['SPEAKER_00', 'Good morning everyone.', 0.5, 2.1],
      ['SPEAKER_01', 'Morning!', 2.4, 3.9],
      ['SPEAKER_01', 'Shall we start?', 4.2, 5.6], // carried from the segment before
    ]);
    expect(result.segments[0]!.words).toEqual([
      { word: 'Good', start: 0.5, end: 0.8, confidence: 0.91 },
      { word: 'morning', start: 0.85, end: 1.3, confidence: 0.88 },
      { word: 'everyone.', start: 1.35, end: 2.1, confidence: 0.95 },
    ]);
    // Embeddings follow the labels: the service's SPEAKER_01 spoke first, so it is our SPEAKER_00.
    expect(result.speakerEmbeddings).toEqual({ SPEAKER_00: vector(1), SPEAKER_01: vector(0) });
    expect(result.speakerEmbeddings!.SPEAKER_00).toHaveLength(256);
    expect(result.language).toBe('en');
    expect(result.durationSeconds).toBeCloseTo(8, 1);
    expect(result.engine).toBe('asr-webservice (whisperx)');
  });

  it('takes the plain faster-whisper output (no speakers, word probabilities) and honours ASR_DIARIZE=false', async () => {
    configure({ ASR_DIARIZE: 'false' });
    server.handle(() => ({
      json: {
        text: ' Hello there.',
        language: 'en',
        segments: [{ id: 0, seek: 0, start: 0.0, end: 1.2, text: ' Hello there.', tokens: [50364], temperature: 0.0, avg_logprob: -0.2, compression_ratio: 0.8, no_speech_prob: 0.01, words: [{ start: 0.0, end: 0.5, word: ' Hello', probability: 0.97 }, { start: 0.5, end: 1.2, word: ' there.', probability: 0.9 }] }],
      },
    }));
    const result = await whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav', minSpeakers: 2 });
    const query = server.requests[0]!.query;
    expect([query.get('diarize'), query.get('enable_diarization'), query.get('min_speakers'), query.get('language')]).toEqual(['false', 'false', null, null]);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(result.segments).toEqual([
      { speaker: 'SPEAKER_00', sentence: 'Hello there.', start_time: 0, end_time: 1.2, words: [{ word: 'Hello', start: 0, end: 0.5, confidence: 0.97 }, { word: 'there.', start: 0.5, end: 1.2, confidence: 0.9 }] },
    ]);
    expect(result.speakerEmbeddings).toBeUndefined();
  });

  it('uses the long ASR_TIMEOUT_SECONDS: a slow answer is fine, one past the timeout is a retryable error', async () => {
    // 1.5 s is far within the default (900 s).
    configure();
    server.handle(() => ({ json: diarised, delayMs: 1500 }));
    await expect(whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav' })).resolves.toMatchObject({ language: 'en' });

    // The setting's minimum is 10 s; an answer after 10.5 s times out.
    configure({ ASR_TIMEOUT_SECONDS: '10' });
    server.handle(() => ({ json: diarised, delayMs: 10_500 }));
    const started = Date.now();
    const error = await rejection(whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_900);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).retryable).toBe(true);
    expect((error as ProviderError).message).toBe('The speech recognition service did not answer within 10 s');
  }, 30_000);

  it('maps service errors: 500 retryable, 422 permanent, no base URL permanent', async () => {
    configure();
    server.handle(() => ({ status: 500, body: 'Internal Server Error' }));
    const busy = await rejection(whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav' }));
    expect(busy).toMatchObject({ name: 'ProviderError', retryable: true });

    server.handle(() => ({ status: 422, json: { detail: [{ loc: ['body', 'audio_file'], msg: 'field required', type: 'value_error.missing' }] } }));
    const refused = await rejection(whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav' }));
    expect(refused).toMatchObject({ name: 'ProviderError', retryable: false, message: 'The speech recognition service answered HTTP 422: it could not process the input' });

    configure({ ASR_BASE_URL: undefined });
    const unset = await rejection(whisperxTranscriber().transcribe({ audioPath: wav, mimeType: 'audio/wav' }));
    expect(unset).toMatchObject({ name: 'ProviderError', retryable: false });
    expect((unset as ProviderError).message).toMatch(/ASR_BASE_URL is not set/);
  });
});
