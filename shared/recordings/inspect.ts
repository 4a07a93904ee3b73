// Looks at an upload's bytes as they stream past: SHA-256, size, and the real media type
// sniffed from the first bytes (never from the name), without buffering the file.
import { createHash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../domain/errors.ts';
import { isWav, MIN_AUDIO_SECONDS, wavAudioSeconds } from './wav-length.ts';

const SNIFF_BYTES = 4100;

export interface Inspection {
  readonly sha256: string;
  readonly size: number;
  readonly mimeType: string;
}

export function isAudioOrVideo(mime: string | undefined): boolean {
  return !!mime && (mime.startsWith('audio/') || mime.startsWith('video/') || mime === 'application/ogg');
}

async function sniff(head: Uint8Array): Promise<string | undefined> {
  const type = await fileTypeFromBuffer(head);
  return type?.mime;
}

// Fields are truly private (#): the SDK's upload helper reads a stream's `size` as its
// length, so a visible field of that name made it plan zero parts for large files.
export class UploadInspector extends Transform {
  readonly #hash = createHash('sha256');
  #bytes = 0;
  #head: Buffer[] = [];
  #headSize = 0;
  #mime: string | undefined;
  #decided = false;
  /** A WAV's first bytes, kept to judge at the end how much audio the file holds. */
  #wavHead: Buffer | undefined;

  constructor(private readonly maxBytes: number, private readonly maxMb: number) {
    super();
  }

  result(): Inspection {
    return { sha256: this.#hash.digest('hex'), size: this.#bytes, mimeType: this.#mime ?? 'application/octet-stream' };
  }

  override _transform(chunk: Buffer, _: BufferEncoding, done: TransformCallback): void {
    this.#bytes += chunk.length;
    if (this.#bytes > this.maxBytes) return done(new PayloadTooLargeError(`The file is larger than ${this.maxMb} MB`, { max_size_mb: this.maxMb }));
    this.#hash.update(chunk);
    if (this.#decided) return done(null, chunk);
    this.#head.push(chunk);
    this.#headSize += chunk.length;
    if (this.#headSize < SNIFF_BYTES) return done();
    this.#decide().then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    const end = () => done(this.#tooShort() ? new UnsupportedMediaTypeError(`The file holds less than ${MIN_AUDIO_SECONDS} second of audio`) : null);
    if (this.#decided) return end();
    this.#decide().then(end, done);
  }

  #tooShort(): boolean {
    return this.#wavHead !== undefined && wavAudioSeconds(this.#wavHead, this.#bytes) < MIN_AUDIO_SECONDS;
  }

  async #decide(): Promise<void> {
    const head = Buffer.concat(this.#head);
    if (head.length === 0) throw new UnsupportedMediaTypeError('The file is empty (0 bytes): there is nothing to transcribe');
    this.#mime = await sniff(head);
    if (!isAudioOrVideo(this.#mime)) throw new UnsupportedMediaTypeError('The file is not audio or video');
    this.#decided = true;
    if (isWav(this.#mime)) this.#wavHead = head;
    this.#head = [];
    this.push(head);
  }
}
