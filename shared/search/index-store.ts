// Where each user's library index lives: one gzipped JSON object per user under search/ in the
// bucket. Readers keep the parsed index in memory and ask storage only whether it changed
// (If-None-Match on the ETag they hold); the one writer per user (the FIFO queue's group)
// replaces it on the condition that it is still the version it read (If-Match, or
// If-None-Match: * for the first), so a second writer can never silently undo the first.
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { putIfUnchanged, readIfChanged } from '../blob/objects.ts';
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

/** The user's index, from memory when storage still holds the same version. */
export async function loadLibrary(userId: number, options: { fresh?: boolean } = {}): Promise<LoadedLibrary> {
  const cached = options.fresh ? undefined : cache.get(userId);
  const read = await readIfChanged('search/', indexKey(userId), cached?.etag);
  if (read === 'unchanged' && cached) return cached;
  if (read === 'missing' || read === 'unchanged') {
    cache.delete(userId);
    return { library: Library.empty(userId), etag: null, bytes: 0 };
  }
  const stored = JSON.parse((await unzip(read.body)).toString('utf8')) as StoredLibrary;
  const loaded = { library: Library.fromStored(stored), etag: read.etag, bytes: read.body.length };
  // A writer's copy (fresh) is changed before it is saved: readers must not share it.
  if (!options.fresh) cache.set(userId, loaded);
  return loaded;
}

/** Stores the index if storage still holds the version read (`etag`); IndexConflictError otherwise. */
export async function saveLibrary(library: Library, etag: string | null): Promise<LoadedLibrary> {
  const body = await zip(JSON.stringify(library.toStored()));
  const written = await putIfUnchanged('search/', indexKey(library.userId), etag, { body, contentType: 'application/json', contentEncoding: 'gzip' });
  if (written === 'conflict') {
    cache.delete(library.userId);
    throw new IndexConflictError('The index changed meanwhile');
  }
  const saved = { library, etag: written, bytes: body.length };
  cache.set(library.userId, saved);
  return saved;
}

/** Forgets what this process holds in memory (tests, and a writer that lost a race). */
export function forgetCachedLibraries(): void {
  cache.clear();
}
