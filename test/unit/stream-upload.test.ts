// The streamed upload's part loop (shared/blob/stream-upload.ts) with storage calls of the test's
// own: one PutObject for a body within a part, parts in order otherwise, never more than two in
// flight nor more than two parts read ahead of storage, and an abort on any failure.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { uploadInParts, type PartCalls } from '#shared/blob/stream-upload.ts';

const PART = 1024;
const CHUNK = 100;

/** `bytes` bytes (byte i is i mod 251) in chunks of `CHUNK`, then `failure` if given; counts what was read. */
function source(bytes: number, failure?: Error) {
  const data = Buffer.from(Array.from({ length: bytes }, (_, i) => i % 251));
  const read = { bytes: 0 };
  const body = Readable.from(
    (function* () {
      for (let at = 0; at < bytes; at += CHUNK) {
        read.bytes = Math.min(at + CHUNK, bytes);
        yield data.subarray(at, at + CHUNK);
      }
      if (failure) throw failure;
    })(),
    { objectMode: false, highWaterMark: CHUNK },
  );
  return { data, body, read };
}

interface Log {
  readonly calls: string[];
  readonly parts: Buffer[];
  put?: Buffer;
  inFlight: number;
  maxInFlight: number;
  /** The most bytes read from the body beyond those storage had taken, at any part's start. */
  maxAhead: number;
}

/** Storage that takes `delay` ms a part, and fails part `failOn` if given. */
function storage(read: { bytes: number }, options: { delay?: number; failOn?: number } = {}): { calls: PartCalls; log: Log } {
  const log: Log = { calls: [], parts: [], inFlight: 0, maxInFlight: 0, maxAhead: 0 };
  let stored = 0;
  const calls: PartCalls = {
    put: async (body) => {
      log.calls.push(`put ${body.length}`);
      log.put = Buffer.from(body);
    },
    start: async () => {
      log.calls.push('start');
      return 'up-1';
    },
    part: async (uploadId, n, body) => {
      log.calls.push(`part ${n}`);
      log.inFlight++;
      log.maxInFlight = Math.max(log.maxInFlight, log.inFlight);
      log.maxAhead = Math.max(log.maxAhead, read.bytes - stored);
      log.parts[n - 1] = Buffer.from(body);
      await new Promise((resolve) => setTimeout(resolve, options.delay ?? 5));
      log.inFlight--;
      if (n === options.failOn) throw new Error(`part ${n} refused`);
      stored += body.length;
      return `"etag-${uploadId}-${n}"`;
    },
    complete: async (uploadId, etags) => void log.calls.push(`complete ${uploadId} ${etags.join(',')}`),
    abort: async (uploadId) => void log.calls.push(`abort ${uploadId} with ${log.inFlight} in flight`),
  };
  return { calls, log };
}

describe('a streamed upload', () => {
  it.each([0, 1, 999, PART])('puts a body of %i bytes (within one part) in one PutObject', async (bytes) => {
    const { data, body, read } = source(bytes);
    const { calls, log } = storage(read);
    await uploadInParts(body, calls, PART).done;
    expect(log.calls).toEqual([`put ${bytes}`]);
    expect(log.put).toEqual(data);
  });

  it('sends a longer body in parts, in order, at most two in flight and two read ahead, then completes it', async () => {
    const bytes = 10 * PART + 37;
    const { data, body, read } = source(bytes);
    const { calls, log } = storage(read, { delay: 10 });
    await uploadInParts(body, calls, PART).done;
    expect(log.calls[0]).toBe('start');
    expect(log.calls.filter((c) => c.startsWith('part'))).toEqual(Array.from({ length: 11 }, (_, i) => `part ${i + 1}`));
    expect(log.calls.at(-1)).toBe(`complete up-1 ${Array.from({ length: 11 }, (_, i) => `"etag-up-1-${i + 1}"`).join(',')}`);
    expect(Buffer.concat(log.parts)).toEqual(data);
    expect(log.parts.slice(0, -1).every((p) => p.length === PART)).toBe(true);
    expect(log.maxInFlight).toBe(2);
    // Two parts, plus the chunk that crossed a part's end and what the stream buffers (a chunk or two).
    expect(log.maxAhead).toBeLessThanOrEqual(2 * PART + 3 * CHUNK);
  });

  it('makes no empty last part when the body ends at a part boundary', async () => {
    const { body, read } = source(3 * PART);
    const { calls, log } = storage(read);
    await uploadInParts(body, calls, PART).done;
    expect(log.calls.filter((c) => c.startsWith('part'))).toEqual(['part 1', 'part 2', 'part 3']);
  });

  it('aborts the multipart upload once no part is in flight when a part fails, never completes it, and fails the body too', async () => {
    const { body, read } = source(6 * PART);
    const { calls, log } = storage(read, { failOn: 2 });
    const upload = uploadInParts(body, calls, PART);
    await expect(upload.done).rejects.toThrow('part 2 refused');
    expect(log.calls.at(-1)).toBe('abort up-1 with 0 in flight');
    expect(log.calls.some((c) => c.startsWith('complete'))).toBe(false);
    expect(body.destroyed).toBe(true);
    expect(body.errored?.message).toBe('part 2 refused');
  });

  it('aborts when the body fails mid-way', async () => {
    const { body, read } = source(2 * PART + 10, new Error('client went away'));
    const { calls, log } = storage(read);
    await expect(uploadInParts(body, calls, PART).done).rejects.toThrow('client went away');
    expect(log.calls).toContain('abort up-1 with 0 in flight');
    expect(log.calls.some((c) => c.startsWith('complete'))).toBe(false);
  });

  it('stops, aborts and settles when the caller aborts it mid-way', async () => {
    const { body, read } = source(50 * PART);
    const { calls, log } = storage(read, { delay: 20 });
    const upload = uploadInParts(body, calls, PART);
    await new Promise((resolve) => setTimeout(resolve, 30));
    await upload.abort();
    await expect(upload.done).rejects.toThrow('The upload was aborted');
    expect(log.calls.at(-1)).toBe('abort up-1 with 0 in flight');
    expect(log.calls.filter((c) => c.startsWith('part')).length).toBeLessThan(50);
  });

  it('throws nothing unobserved when nobody waits for a failed upload', async () => {
    const { body, read } = source(3 * PART);
    const { calls } = storage(read, { failOn: 1 });
    const upload = uploadInParts(body, calls, PART);
    await upload.abort();
  });
});
