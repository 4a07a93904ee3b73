// s3rver writes an object's bytes, checksum and metadata in place, one file after the other.
// A GET beside a PUT of the same key can then stream a file being truncated and end short (the
// client sees "aborted"), or announce one size and send another. Real S3 replaces an object
// atomically: a reader gets the old object or the new one. This makes the local store do the
// same: every file is written next to its place and renamed over it (an open file keeps its
// old bytes), and a GET answers only when the file it opened has the size its headers announce,
// reading again otherwise. Installed once on s3rver's filesystem store, before it serves.
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, fstat as fstatCallback, promises as fs } from 'node:fs';
import { createRequire } from 'node:module';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';

const fstat = promisify(fstatCallback);

interface StoredObject {
  readonly content: (Readable & { fd?: number | null }) | null;
  readonly metadata: Record<string, unknown>;
  readonly range?: unknown;
}

interface FilesystemStore {
  getObject(bucket: string, key: string, options?: unknown): Promise<StoredObject | null>;
  putContent(objectPath: string, content: Buffer | Readable): Promise<[number, string]>;
  getResourcePath(bucket: string, key: string, resource: string): string;
}

const require = createRequire(import.meta.url);
const Store = require('@20minutes/s3rver/lib/stores/filesystem.js') as { prototype: FilesystemStore & { atomic?: true } };
const originalGetObject = Store.prototype.getObject;
const S3Object = require('@20minutes/s3rver/lib/models/object.js') as { ALLOWED_METADATA: readonly string[] };
const READ_ATTEMPTS = 20;

/** A name beside `path` that s3rver never lists (its listings look for `._S3rver_object`). */
const besides = (path: string) => `${path}.writing-${randomBytes(6).toString('hex')}`;

async function replace(path: string, write: (temporary: string) => Promise<void>): Promise<void> {
  const temporary = besides(path);
  try {
    await write(temporary);
    await fs.rename(temporary, path);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

async function putContent(objectPath: string, content: Buffer | Readable): Promise<[number, string]> {
  const md5 = createHash('md5');
  let size = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      md5.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await replace(objectPath, (temporary) => pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, createWriteStream(temporary)));
  return [size, md5.digest('hex')];
}

/** The checksum and metadata files, each replaced whole; what goes in them is s3rver's choice. */
async function putMetadata(this: FilesystemStore, bucket: string, key: string, metadata: Record<string, unknown>, md5?: string): Promise<void> {
  const kept = Object.entries(metadata).filter(([name]) => S3Object.ALLOWED_METADATA.includes(name) || name.startsWith('x-amz-meta-'));
  if (md5) await replace(this.getResourcePath(bucket, key, 'object.md5'), (temporary) => fs.writeFile(temporary, md5));
  await replace(this.getResourcePath(bucket, key, 'metadata.json'), (temporary) => fs.writeFile(temporary, JSON.stringify(Object.fromEntries(kept), null, 2)));
}

/** Serves the object only if the file it opened is as long as the headers say; else reads again. */
async function getObject(this: FilesystemStore, bucket: string, key: string, options?: unknown): Promise<StoredObject | null> {
  for (let attempt = 1; ; attempt++) {
    const object = await originalGetObject.call(this, bucket, key, options);
    const fd = object?.content?.fd;
    if (!object?.content || typeof fd !== 'number') return object;
    const opened = await fstat(fd).then((s) => s.size, () => -1);
    if (opened === Number(object.metadata['content-length'])) return object;
    object.content.destroy();
    if (attempt >= READ_ATTEMPTS) throw new Error(`object ${bucket}/${key} kept changing while being read`);
    await new Promise((r) => setTimeout(r, 5 * attempt));
  }
}

export function makeLocalS3Atomic(): void {
  if (Store.prototype.atomic) return;
  Object.assign(Store.prototype, { atomic: true, putContent, putMetadata, getObject });
}
