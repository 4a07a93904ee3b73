// The embedded speech engine on a synthesised two-speaker meeting (Debian flite, ffmpeg,
// pocketsphinx, pocketsphinx-en-us and sox must be installed).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localTranscriber } from '#shared/providers/asr/local/engine.ts';
import { ProviderError, type TranscriptionResult } from '#shared/providers/types.ts';
import { makeMeeting, scriptText, wordErrorRate, type Meeting } from '../support/speech.ts';

const run = promisify(execFile);
const root = join(tmpdir(), `verbatim-asr-test-${process.pid}`);
const work = join(root, 'engine-tmp');
let meeting: Meeting;

beforeAll(async () => {
  meeting = await makeMeeting(join(root, 'meeting'));
  await mkdir(work, { recursive: true });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

const engine = localTranscriber({ tmpDir: work });
const text = (r: TranscriptionResult) => r.segments.map((s) => s.sentence).join(' ');
const words = (r: TranscriptionResult) => r.segments.flatMap((s) => s.words ?? []);

async function timed(path: string, mimeType: string, extra: { language?: string } = {}) {
  const started = performance.now();
  const result = await engine.transcribe({ audioPath: path, mimeType, ...extra });
  const wall = (performance.now() - started) / 1000;
  const wer = wordErrorRate(scriptText(meeting.script), text(result));
  const rtf = wall / result.durationSeconds;
  console.log(`[asr-local] ${path.split('/').pop()}: WER ${(wer * 100).toFixed(1)} %, wall ${wall.toFixed(2)} s for ${result.durationSeconds.toFixed(1)} s of audio, RTF ${rtf.toFixed(3)}, ${result.segments.length} segments`);
  return { result, wer, rtf };
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
};

/** Live child processes of this test worker (the recognisers and decoders it started). */
const children = () =>
  readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        // "pid (comm) state ppid …"
        const m = /^\d+ \((.*)\) \S+ (\d+)/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        return m && Number(m[2]) === process.pid && /ffmpeg|pocketsphinx/.test(m[1]!) ? [m[1]!] : [];
      } catch {
        return []; // exited meanwhile
      }
    });

describe('embedded speech engine (pocketsphinx)', () => {
  it('transcribes the flite meeting (WAV) with WER ≤ 30 % and sane timings', async () => {
    const { result, wer } = await timed(meeting.path, 'audio/wav');
    expect(wer).toBeLessThanOrEqual(0.3);
    // Speed (real-time factor, goal ≤ 0.25 on 2 idle cores) is `npm run bench -- --only asr-rtf`:
    // here other test files share the CPU, and a bound loose enough for that (1) still failed
    // once at 1.05 under load. The RTF is printed above for the log.
    expect(result).toMatchObject({ language: 'en', engine: 'pocketsphinx (rough machine transcript)' });
    expect(result.durationSeconds).toBeCloseTo(meeting.durationSeconds, 1);
    expect(text(result)).toMatch(/tuesday/);
    expect(text(result)).toMatch(/december fifth/);

    expect(result.segments.length).toBeGreaterThanOrEqual(meeting.script.length - 2);
    for (const s of result.segments) {
      expect(s.sentence.trim()).not.toBe('');
      expect(s.start_time).toBeLessThan(s.end_time);
      expect(s.speaker).toMatch(/^SPEAKER_0[01]$/);
    }
    // Two voices (flite rms and slt): diarisation labels both and keeps a voice embedding for each.
    expect(new Set(result.segments.map((s) => s.speaker))).toEqual(new Set(['SPEAKER_00', 'SPEAKER_01']));
    expect(Object.keys(result.speakerEmbeddings ?? {}).sort()).toEqual(['SPEAKER_00', 'SPEAKER_01']);
    const all = words(result);
    for (const [i, w] of all.entries()) {
      expect(w.word).toMatch(/^[a-z'.-]+$/);
      expect(w.end).toBeGreaterThanOrEqual(w.start);
      expect(w.start).toBeGreaterThanOrEqual(0);
      expect(w.end).toBeLessThanOrEqual(result.durationSeconds + 0.05);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(all[i - 1]!.end);
    }
    expect(await readdir(work)).toEqual([]);
  }, 120_000);

  it.each([
    ['mp3', 'audio/mpeg', ['-c:a', 'libmp3lame', '-q:a', '5']],
    ['ogg', 'audio/ogg', ['-c:a', 'libopus', '-b:a', '32k']],
  ])('transcribes the same meeting as %s', async (ext, mimeType, codec) => {
    const path = join(root, `meeting.${ext}`);
    await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', meeting.path, ...codec, path]);
    const { result, wer } = await timed(path, mimeType, { language: 'de' });
    expect(wer).toBeLessThanOrEqual(0.35);
    expect(result.language).toBe('en'); // the model is US English; other hints are noted, not refused
    expect(result.durationSeconds).toBeGreaterThan(meeting.durationSeconds - 0.5);
    expect(result.durationSeconds).toBeLessThan(meeting.durationSeconds + 0.5);
  }, 120_000);

  it('takes the audio track of a video file', async () => {
    const path = join(root, 'clip.mkv');
    await run('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=64x64:r=5', '-t', '9', '-i', meeting.path, '-t', '9', '-c:v', 'mpeg4', '-c:a', 'libopus', '-shortest', path]);
    const result = await engine.transcribe({ audioPath: path, mimeType: 'video/x-matroska' });
    expect(result.durationSeconds).toBeGreaterThan(8);
    expect(text(result)).toMatch(/good morning everyone/);
  }, 60_000);

  it('returns no segments for silence', async () => {
    const path = join(root, 'silence.wav');
    await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', path, 'trim', '0', '5']);
    const result = await engine.transcribe({ audioPath: path, mimeType: 'audio/wav' });
    expect(result.segments).toEqual([]);
    expect(result.durationSeconds).toBeCloseTo(5, 2);
  });

  it('refuses a file that is not audio with a non-retryable error', async () => {
    const path = join(root, 'notes.txt');
    await writeFile(path, 'These are meeting notes, not a recording.\n'.repeat(50));
    const error = await rejection(engine.transcribe({ audioPath: path, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ message: 'The audio could not be decoded', retryable: false });
    expect(await readdir(work)).toEqual([]);
  });

  it('stops the recognisers and cleans up when the signal aborts', async () => {
    const controller = new AbortController();
    const pending = engine.transcribe({ audioPath: meeting.path, mimeType: 'audio/wav', signal: controller.signal });
    // Wait until recognisers are running, then abort.
    for (let i = 0; i < 100 && !children().some((c) => c.startsWith('pocketsphinx')); i++) await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    controller.abort();
    const error = await rejection(pending);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(children()).toEqual([]);
    expect(await readdir(work)).toEqual([]);

    const already = await rejection(engine.transcribe({ audioPath: meeting.path, mimeType: 'audio/wav', signal: AbortSignal.abort() }));
    expect(already).toMatchObject({ name: 'AbortError' });
  }, 60_000);

  it.each([
    ['ffmpeg', { binaries: { ffmpeg: '/nonexistent/ffmpeg' } }, /Debian package "ffmpeg"/],
    ['pocketsphinx', { binaries: { pocketsphinx: '/nonexistent/pocketsphinx_batch' } }, /Debian package "pocketsphinx"/],
    ['the model', { modelDir: '/nonexistent/model' }, /Debian package "pocketsphinx-en-us"/],
  ])('names the Debian package when %s is missing', async (_what, options, message) => {
    const error = await rejection(localTranscriber({ tmpDir: work, ...options }).transcribe({ audioPath: meeting.path, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: false, message: expect.stringMatching(message) });
    expect(await readdir(work)).toEqual([]);
  });

  it('retries a crashed recogniser once, then fails with a retryable error', async () => {
    const crashing = join(root, 'crash.sh');
    await writeFile(crashing, '#!/bin/sh\nkill -SEGV $$\n');
    const flaky = join(root, 'flaky.sh');
    // Crashes the first time it sees each batch (its control file), works the second time.
    await writeFile(flaky, `#!/bin/sh\nfor a; do [ "$prev" = -ctl ] && ctl="$a"; prev="$a"; done\nmark="${root}/seen-$(basename "$ctl")"\nif [ ! -e "$mark" ]; then touch "$mark"; exit 3; fi\nexec pocketsphinx_batch "$@"\n`);
    await Promise.all([chmod(crashing, 0o755), chmod(flaky, 0o755)]);

    const error = await rejection(localTranscriber({ tmpDir: work, binaries: { pocketsphinx: crashing } }).transcribe({ audioPath: meeting.path, mimeType: 'audio/wav' }));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ retryable: true });
    expect(children()).toEqual([]);

    const result = await localTranscriber({ tmpDir: work, binaries: { pocketsphinx: flaky } }).transcribe({ audioPath: meeting.path, mimeType: 'audio/wav' });
    expect(text(result)).toMatch(/good morning everyone/);
    expect(await readdir(work)).toEqual([]);
  }, 120_000);
});
