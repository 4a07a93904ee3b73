// Feedback for a person at a terminal while the CLI waits: a byte bar during an upload and a
// spinner while the pipeline works. Both draw on stderr, and only when stderr is a TTY and
// --json is off, so pipes, logs and scripts see nothing but the final result.
import cliProgress from 'cli-progress';
import type { UploadProgress } from './upload.ts';

export interface Progress extends UploadProgress {
  stop(): void;
}

interface Spinner {
  update(text: string): void;
  stop(): void;
}

/** Whether to draw anything at all. */
export const interactive = (options: { json?: boolean }) => !options.json && process.stderr.isTTY === true;

/** 1536 → "1.5 KB": sizes for people, in powers of 1024 like file managers show them. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const silent: Progress & Spinner = { start() {}, advance() {}, update() {}, stop() {} };

/** Bytes sent of the total, speed and time left. */
export function uploadBar(visible: boolean): Progress {
  if (!visible) return silent;
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: 'Uploading [{bar}] {percentage}% | {sent} / {size} | {speed} | ETA {eta_formatted}', etaBuffer: 50, fps: 10 },
    cliProgress.Presets.shades_classic,
  );
  let sent = 0;
  let total = 0;
  let began = 0;
  const payload = () => {
    const seconds = Math.max((Date.now() - began) / 1000, 0.001);
    return { sent: humanBytes(sent), size: humanBytes(total), speed: `${humanBytes(Math.round(sent / seconds))}/s` };
  };
  return {
    start(totalBytes) {
      total = totalBytes;
      began = Date.now();
      bar.start(total, 0, payload());
    },
    advance(bytes) {
      sent += bytes;
      bar.update(sent, payload());
    },
    stop() {
      if (bar.isActive) bar.stop();
    },
  };
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** One line that keeps turning, with the latest text next to it. */
function spinner(visible: boolean): Spinner {
  if (!visible) return silent;
  let frame = 0;
  let text = '';
  const draw = () => process.stderr.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${text}`);
  // unref: a forgotten spinner must never keep the process alive.
  const timer = setInterval(draw, 100).unref();
  return {
    update(next) {
      text = next;
      draw();
    },
    stop() {
      clearInterval(timer);
      process.stderr.write('\r\x1b[2K');
    },
  };
}

export interface PipelineProgress {
  /** `fraction` (0..1) and `etaSeconds` when the service tells them (while PROCESSING), else null. */
  update(text: string, fraction: number | null, etaSeconds: number | null): void;
  stop(): void;
}

/**
 * A percentage bar while the service reports how far the transcription is (with its own
 * estimate of the time left), and the spinner while it cannot (queued, summarising).
 */
export function pipelineProgress(visible: boolean, stream: NodeJS.WritableStream = process.stderr): PipelineProgress {
  if (!visible) return silent;
  const spin = spinner(true);
  const bar = new cliProgress.SingleBar(
    { stream, noTTYOutput: stream !== process.stderr, format: '{stage} [{bar}] {percentage}% | {left}', fps: 5, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  const left = (eta: number | null) => (eta === null ? 'estimating…' : `about ${eta} s left`);
  return {
    update(text, fraction, etaSeconds) {
      if (fraction === null) {
        if (bar.isActive) bar.stop();
        spin.update(text);
        return;
      }
      const value = Math.round(Math.min(Math.max(fraction, 0), 1) * 100);
      if (!bar.isActive) {
        spin.stop();
        bar.start(100, value, { stage: text, left: left(etaSeconds) });
      } else bar.update(value, { stage: text, left: left(etaSeconds) });
    },
    stop() {
      if (bar.isActive) bar.stop();
      spin.stop();
    },
  };
}
