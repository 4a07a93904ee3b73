// A stream of unknown length into object storage. This was the SDK's lib-storage `Upload`, which
// needs the SDK's S3 client (gone from the functions: clients/s3.ts says why); aws-lite's S3
// plugin's `Upload` concatenates its buffer again at every incoming chunk and lets parts queue
// without bound. Here: a body that ends within one part is one PutObject of known length; a
// longer one is a multipart upload of 8 MB parts, at most two in flight, completed in order and
// aborted on any error. The next part is read only while fewer than two are in flight, into a
// buffer of its own (each byte copied once), so an upload holds at most two parts (~16 MB, plus
// the stream's own buffer) whatever the file size.
import type { Readable } from 'node:stream';

export const PART_SIZE = 8 * 1024 * 1024;
const IN_FLIGHT = 2;

/** The storage calls of an upload to one key. */
export interface PartCalls {
  /** The whole body in one PutObject. */
  put(body: Buffer): Promise<void>;
  /** CreateMultipartUpload: the upload id. */
  start(): Promise<string>;
  /** UploadPart: the part's ETag. */
  part(uploadId: string, partNumber: number, body: Buffer): Promise<string>;
  /** CompleteMultipartUpload with the parts' ETags, in order. */
  complete(uploadId: string, etags: readonly string[]): Promise<void>;
  /** AbortMultipartUpload; it must not throw. */
  abort(uploadId: string): Promise<void>;
}

export interface PartUpload {
  readonly done: Promise<void>;
  /** Stops reading (the body is destroyed), aborts a multipart upload, and settles once nothing is left. */
  abort(): Promise<void>;
}

/** Reads a stream into parts of `size` bytes (the last may be shorter). */
class PartReader {
  private readonly chunks: AsyncIterator<unknown>;
  private leftover: Buffer | undefined;
  private ended = false;

  constructor(
    body: Readable,
    private readonly size: number,
  ) {
    this.chunks = body[Symbol.asyncIterator]();
  }

  /** The next part; empty when nothing is left. */
  async read(): Promise<Buffer> {
    let part: Buffer | undefined;
    let filled = 0;
    while (filled < this.size) {
      const chunk = this.leftover ?? (await this.nextChunk());
      this.leftover = undefined;
      if (!chunk) break;
      // Unfilled pages of a fresh buffer cost no memory: a small body stays small.
      part ??= Buffer.allocUnsafe(this.size);
      const taken = Math.min(chunk.length, this.size - filled);
      chunk.copy(part, filled, 0, taken);
      filled += taken;
      if (taken < chunk.length) this.leftover = chunk.subarray(taken);
    }
    return part ? part.subarray(0, filled) : Buffer.alloc(0);
  }

  /** Whether anything follows what was read: reads one chunk ahead. */
  async more(): Promise<boolean> {
    this.leftover ??= await this.nextChunk();
    return this.leftover !== undefined;
  }

  private async nextChunk(): Promise<Buffer | undefined> {
    while (!this.ended) {
      const { done, value } = await this.chunks.next();
      if (done) this.ended = true;
      else if ((value as Buffer | string).length > 0) return typeof value === 'string' ? Buffer.from(value) : (value as Buffer);
    }
    return undefined;
  }
}

/** Uploads `body` through `calls`, in parts of `partSize` bytes when it is longer than one. */
export function uploadInParts(body: Readable, calls: PartCalls, partSize = PART_SIZE): PartUpload {
  let aborted: Error | undefined;
  const stopped = () => {
    if (aborted) throw aborted;
  };
  const reader = new PartReader(body, partSize);
  const done = (async () => {
    try {
      const first = await reader.read();
      if (await reader.more()) return await inParts(reader, first, calls, stopped);
      stopped();
      await calls.put(first);
    } catch (error) {
      // A storage error ends the body too, so whatever writes into it learns the upload failed.
      body.destroy(error as Error);
      throw error;
    }
  })();
  // The caller decides when an error matters; an unobserved rejection must not crash the process.
  done.catch(() => undefined);
  return {
    done,
    abort: async () => {
      aborted ??= new Error('The upload was aborted');
      body.destroy(aborted);
      await done.catch(() => undefined);
    },
  };
}

async function inParts(reader: PartReader, first: Buffer, calls: PartCalls, stopped: () => void): Promise<void> {
  const uploadId = await calls.start();
  const etags: string[] = [];
  const inFlight = new Set<Promise<void>>();
  let fail: (error: unknown) => void = () => undefined;
  // Rejects with the first part that fails, so a read of the body is not waited for after it.
  const failed = new Promise<never>((_, reject) => (fail = reject));
  failed.catch(() => undefined);
  try {
    for (let part = first, n = 1; part.length > 0; n++) {
      stopped();
      const number = n;
      const sending = calls.part(uploadId, number, part).then(
        (etag) => void (etags[number - 1] = etag),
        (error: unknown) => {
          fail(error);
          throw error;
        },
      );
      inFlight.add(sending);
      sending.then(() => inFlight.delete(sending), () => undefined);
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      part = await Promise.race([reader.read(), failed]);
    }
    await Promise.all(inFlight);
    stopped();
    await calls.complete(uploadId, etags);
  } catch (error) {
    // S3 may keep a part that was still arriving when the upload was aborted: abort after the last.
    await Promise.allSettled(inFlight);
    await calls.abort(uploadId);
    throw error;
  }
}
