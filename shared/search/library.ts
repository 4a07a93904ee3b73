// A user's library index: the MiniSearch index of their passages plus, per recording, the ids
// of its documents and what filters and ranking need (title, status, dates, tags). Applying a
// recording replaces all its documents, so applying the same state twice is harmless: the
// index worker can replay any change after a crash. What a recording's passages are is
// documents.ts, which only the index worker loads (the routes that query never parse Markdown).
import type MiniSearch from 'minisearch';
import type { Segment } from '../providers/types.ts';
import { createIndex, INDEX_OPTIONS, type SearchDoc } from './engine.ts';
import MiniSearchClass from 'minisearch';

export interface RecordingMeta {
  readonly title: string;
  readonly status: string;
  readonly meeting_date: string;
  readonly created_at: string;
  readonly tag_ids: readonly number[];
  readonly docs: readonly string[];
}

/** What the indexer reads of a recording to (re)index it. */
export interface RecordingContent {
  readonly id: number;
  readonly title: string;
  readonly status: string;
  readonly meeting_date: string;
  readonly created_at: string;
  readonly tag_ids: readonly number[];
  readonly notes: string;
  readonly summary: string;
  readonly segments: readonly Segment[];
}

/**
 * 2: words indexed as written and as their stems. A version 1 object (written before stems)
 * is indexed again from the passages it stores when loaded, and saved as 2 by the next write.
 */
const VERSION = 2;

export interface StoredLibrary {
  readonly version: 1 | typeof VERSION;
  readonly user_id: number;
  readonly recordings: Record<string, RecordingMeta>;
  readonly index: ReturnType<MiniSearch['toJSON']>;
}

export class Library {
  private constructor(
    readonly userId: number,
    readonly index: MiniSearch<SearchDoc>,
    readonly recordings: Map<number, RecordingMeta>,
  ) {}

  static empty(userId: number): Library {
    return new Library(userId, createIndex(), new Map());
  }

  static fromStored(stored: StoredLibrary): Library {
    const recordings = new Map(Object.entries(stored.recordings).map(([id, m]) => [Number(id), m]));
    const index = MiniSearchClass.loadJS<SearchDoc>(stored.index, INDEX_OPTIONS);
    return new Library(stored.user_id, stored.version === VERSION ? index : reindexed(index, recordings), recordings);
  }

  toStored(): StoredLibrary {
    return { version: VERSION, user_id: this.userId, recordings: Object.fromEntries(this.recordings), index: this.index.toJSON() };
  }

  /** Replaces everything indexed for the recording with these passages (documents.ts makes them). */
  replace(content: Omit<RecordingContent, 'notes' | 'summary' | 'segments'>, docs: readonly SearchDoc[]): void {
    this.remove(content.id);
    this.index.addAll(docs);
    const { title, status, meeting_date, created_at, tag_ids } = content;
    this.recordings.set(content.id, { title, status, meeting_date, created_at, tag_ids: [...tag_ids], docs: docs.map((d) => d.id) });
  }

  remove(recordingId: number): void {
    const meta = this.recordings.get(recordingId);
    if (!meta) return;
    for (const id of meta.docs) if (this.index.has(id)) this.index.discard(id);
    this.recordings.delete(recordingId);
  }

  /** The recording's transcript passages as stored, in the order said. */
  transcript(recordingId: number): SearchDoc[] {
    const ids = this.recordings.get(recordingId)?.docs ?? [];
    const docs = ids.filter((id) => id.includes(':transcript:')).map((id) => ({ ...(this.index.getStoredFields(id) as Omit<SearchDoc, 'id'>), id }));
    return docs.sort((a, b) => a.segment_index - b.segment_index);
  }

  get documentCount(): number {
    return this.index.documentCount;
  }
}

/** An index of an older version built again, with today's terms, from the passages it stores. */
function reindexed(old: MiniSearch<SearchDoc>, recordings: ReadonlyMap<number, RecordingMeta>): MiniSearch<SearchDoc> {
  const index = createIndex();
  for (const meta of recordings.values()) {
    for (const id of meta.docs) {
      const fields = old.getStoredFields(id) as Omit<SearchDoc, 'id'> | undefined;
      if (fields) index.add({ ...fields, id });
    }
  }
  return index;
}
