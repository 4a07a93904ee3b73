// Where each user's library index lives: one gzipped JSON object per user under search/ in the
// bucket. Readers keep the parsed index in memory and ask storage only whether it changed
// (If-None-Match on the ETag they hold); the one writer per user (the FIFO queue's group)
// replaces it on the condition that it is still the version it read (If-Match, or
// If-None-Match: * for the first), so a second writer can never silently undo the first.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { s3Client } from '../clients/s3.ts';
import { settings } from '../config.ts';
import { Library, type StoredLibrary } from './library.ts';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

const INDEX_PREFIX = 'search/';

function indexKey(userId: number): string {
  return `${INDEX_PREFIX}${userId}.json.gz`;
}

export interface LoadedLibrary {
  readonly library: Library;
  /** null when the user has no index yet. */
  readonly etag: string | null;
  /** Size of the stored object in bytes. */
  readonly bytes: number;
}

/** The replaced version is not the one read: another writer got in first. */
export class IndexConflictError extends Error {
  override name = 'IndexConflictError';
}

const cache = new Map<number, LoadedLibrary>();

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/** The user's index, from memory when storage still holds the same version. */
export async function loadLibrary(userId: number, options: { fresh?: boolean } = {}): Promise<LoadedLibrary> {
  const cached = options.fresh ? undefined : cache.get(userId);
  try {
    const result = await s3Client().send(
      new GetObjectCommand({ Bucket: settings().bucketName, Key: indexKey(userId), ...(cached?.etag ? { IfNoneMatch: cached.etag } : {}) }),
    );
    const body = Buffer.from(await result.Body!.transformToByteArray());
    const stored = JSON.parse((await unzip(body)).toString('utf8')) as StoredLibrary;
    const loaded = { library: Library.fromStored(stored), etag: result.ETag ?? null, bytes: body.length };
    // A writer's copy (fresh) is changed before it is saved: readers must not share it.
    if (!options.fresh) cache.set(userId, loaded);
    return loaded;
  } catch (error) {
    if (status(error) === 304 && cached) return cached;
    const name = (error as Error).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || status(error) === 404) {
      cache.delete(userId);
      return { library: Library.empty(userId), etag: null, bytes: 0 };
    }
    throw error;
  }
}

/** Stores the index if storage still holds the version read (`etag`); IndexConflictError otherwise. */
export async function saveLibrary(library: Library, etag: string | null): Promise<LoadedLibrary> {
  const body = await zip(JSON.stringify(library.toStored()));
  const condition = etag ? { IfMatch: etag } : { IfNoneMatch: '*' };
  try {
    const result = await s3Client().send(
      new PutObjectCommand({ Bucket: settings().bucketName, Key: indexKey(library.userId), Body: body, ContentType: 'application/json', ContentEncoding: 'gzip', ...condition }),
    );
    const saved = { library, etag: result.ETag ?? null, bytes: body.length };
    cache.set(library.userId, saved);
    return saved;
  } catch (error) {
    if (status(error) === 412 || status(error) === 409 || (error as Error).name === 'PreconditionFailed') {
      cache.delete(library.userId);
      throw new IndexConflictError('The index changed meanwhile');
    }
    throw error;
  }
}

/** Forgets what this process holds in memory (tests, and a writer that lost a race). */
export function forgetCachedLibraries(): void {
  cache.clear();
}
