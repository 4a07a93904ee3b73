// Library search: the user's index (cached, ETag-checked) answers the query; what it finds is
// ranked by relevance (BM25+), ties newest first, then checked against the table so a deleted
// recording never appears (its removal from the index may still be queued) and filters hold
// on the recording as it is now.
import type { RecordingStatus } from '../domain/recordings/status.ts';
import type { SearchQuery } from '../http/search-schemas.ts';
import type { Segment } from '../providers/types.ts';
import { paginate, type Pagination } from '../recordings/list.ts';
import { recordingsWithTag } from '../store/tags.ts';
import { runQuery, type EngineHit, type HitField } from './engine.ts';
import { loadLibrary } from './index-store.ts';
import type { Library } from './library.ts';
import { liveRecordings, type LiveRecording } from './live.ts';

export interface SearchFilters {
  readonly tag_id?: number;
  /** Transcript passages of any of these speakers only (names or labels as the transcripts have them, any case). */
  readonly speakers?: readonly string[];
  /** Epoch ms, inclusive, on the meeting date. */
  readonly date_from?: number;
  readonly date_to?: number;
  readonly status?: RecordingStatus;
  readonly recording_ids?: readonly number[];
  /** Transcript segments only (the chat's sources need times). */
  readonly transcriptOnly?: boolean;
}

export interface SearchHit {
  readonly recording_id: number;
  readonly title: string;
  readonly field: HitField;
  readonly segment_index: number;
  readonly speaker: string | null;
  readonly start_time: number | null;
  readonly end_time: number | null;
  readonly text: string;
  readonly highlights: readonly [number, number][];
  readonly score: number;
  readonly meeting_date: string;
  readonly time_zone: string | null;
}

interface SearchPage {
  readonly hits: readonly SearchHit[];
  /** Matches counted from the index, less those found deleted. */
  readonly total: number;
}

/** Scores this close are ties (float noise), ordered newest first. */
const TIE = 1e-9;

async function recordingFilter(library: Library, userId: number, f: SearchFilters): Promise<((id: number) => boolean) | undefined> {
  const tagged = f.tag_id === undefined ? undefined : new Set((await recordingsWithTag(userId, f.tag_id)).map((r) => r.id));
  const only = f.recording_ids ? new Set(f.recording_ids) : undefined;
  if (!tagged && !only && f.status === undefined && f.date_from === undefined && f.date_to === undefined) return undefined;
  return (id) => {
    if (tagged && !tagged.has(id)) return false;
    if (only && !only.has(id)) return false;
    const meta = library.recordings.get(id);
    if (!meta) return false;
    if (f.status !== undefined && meta.status !== f.status) return false;
    const at = Date.parse(meta.meeting_date);
    return !(f.date_from !== undefined && at < f.date_from) && !(f.date_to !== undefined && at > f.date_to);
  };
}

/** Every passage of the user's library matching the query and filters, best first (not yet checked for deletion). */
async function rankedPassages(userId: number, q: string, f: SearchFilters, combineWith: 'AND' | 'OR'): Promise<{ library: Library; hits: EngineHit[] }> {
  const { library } = await loadLibrary(userId);
  const byRecording = await recordingFilter(library, userId, f);
  const speakers = f.speakers ? new Set(f.speakers.map((name) => name.trim().toLowerCase())) : undefined;
  const hits = runQuery(library.index, q, {
    combineWith,
    filter: (doc) =>
      (!byRecording || byRecording(doc.recording_id)) &&
      (!f.transcriptOnly || doc.field === 'transcript') &&
      (!speakers || (doc.field === 'transcript' && speakers.has(doc.speaker.toLowerCase()))),
  });
  const newest = (id: number) => library.recordings.get(id)?.meeting_date ?? '';
  hits.sort((a, b) => {
    if (Math.abs(a.score - b.score) > TIE) return b.score - a.score;
    const date = newest(b.doc.recording_id).localeCompare(newest(a.doc.recording_id));
    return date !== 0 ? date : b.doc.recording_id - a.doc.recording_id || a.doc.segment_index - b.doc.segment_index;
  });
  return { library, hits };
}

function present(hit: EngineHit, live: LiveRecording): SearchHit {
  const d = hit.doc;
  const transcript = d.field === 'transcript';
  return {
    recording_id: d.recording_id,
    title: live.title,
    field: d.field,
    segment_index: d.segment_index,
    speaker: transcript ? d.speaker : null,
    start_time: transcript ? d.start_time : null,
    end_time: transcript ? d.end_time : null,
    text: d.text,
    highlights: hit.highlights,
    score: Math.round(hit.score * 1000) / 1000,
    meeting_date: live.meeting_date,
    time_zone: live.time_zone,
  };
}

/**
 * Hits `offset` to `offset + limit` among those whose recording still exists: recordings are
 * checked in order of first appearance, a hundred at a time, until the page is full.
 */
async function livePage(userId: number, hits: readonly EngineHit[], offset: number, limit: number): Promise<SearchPage> {
  const order = [...new Set(hits.map((h) => h.doc.recording_id))];
  const position = new Map(order.map((id, i) => [id, i]));
  const live = new Map<number, LiveRecording>();
  const gone = new Set<number>();
  const page: SearchHit[] = [];
  let seen = 0;
  let checked = 0;
  for (const hit of hits) {
    const id = hit.doc.recording_id;
    if (!live.has(id) && !gone.has(id) && position.get(id)! >= checked) {
      const next = order.slice(checked, checked + 100);
      const found = await liveRecordings(userId, next);
      for (const n of next) if (found.has(n)) live.set(n, found.get(n)!); else gone.add(n);
      checked += next.length;
    }
    if (gone.has(id)) continue;
    if (seen >= offset && page.length < limit) page.push(present(hit, live.get(id)!));
    seen++;
    if (page.length >= limit) break;
  }
  const total = hits.filter((h) => !gone.has(h.doc.recording_id)).length;
  return { hits: page, total };
}

async function searchLibrary(userId: number, q: string, filters: SearchFilters, page: { page: number; per_page: number }): Promise<SearchPage> {
  const { hits } = await rankedPassages(userId, q, filters, 'AND');
  return livePage(userId, hits, (page.page - 1) * page.per_page, page.per_page);
}

/** The best passages for a question (any of its words), for the library chat. */
export async function bestPassages(userId: number, question: string, filters: SearchFilters, limit: number): Promise<readonly SearchHit[]> {
  const { hits } = await rankedPassages(userId, question, filters, 'OR');
  return (await livePage(userId, hits, 0, limit)).hits;
}

/** Recordings the picked passages are read from at a time, newest meeting first. */
const PICK_BATCH = 10;
/** Recordings read at most: reading a recording's tasks takes up to a few milliseconds, and the answer is about recent work. */
const PICK_MAX_RECORDINGS = 100;

/**
 * For the library chat's questions for the tasks, deadlines or decisions, which no word of the
 * question finds: the transcript segments `pick` chooses of each recording within the filters
 * (as the index stores them), newest meeting first and in the order said, up to `limit`, from
 * the newest PICK_MAX_RECORDINGS.
 */
export async function pickedPassages(userId: number, filters: SearchFilters, pick: (segments: readonly Segment[]) => number[], limit: number): Promise<readonly SearchHit[]> {
  const { library } = await loadLibrary(userId);
  const byRecording = await recordingFilter(library, userId, filters);
  const newestFirst = [...library.recordings.entries()]
    .filter(([id]) => !byRecording || byRecording(id))
    .sort(([idA, a], [idB, b]) => b.meeting_date.localeCompare(a.meeting_date) || idB - idA)
    .slice(0, PICK_MAX_RECORDINGS)
    .map(([id]) => id);
  const found: SearchHit[] = [];
  for (let at = 0; at < newestFirst.length && found.length < limit; at += PICK_BATCH) {
    const hits = newestFirst.slice(at, at + PICK_BATCH).flatMap((id) => {
      const docs = library.transcript(id);
      const segments = docs.map((d) => ({ speaker: d.speaker, sentence: d.text, start_time: d.start_time ?? 0, end_time: d.end_time ?? 0 }));
      return pick(segments).map((i): EngineHit => ({ doc: docs[i]!, score: 0, highlights: [] }));
    });
    found.push(...(await livePage(userId, hits, 0, limit - found.length)).hits);
  }
  return found;
}

/** The GET /search answer: a page of hits with the list routes' pagination. */
export async function searchLibraryPage(userId: number, query: SearchQuery): Promise<{ query: string; hits: readonly SearchHit[]; pagination: Pagination }> {
  const { q, page, per_page, speaker, ...filters } = query;
  const found = await searchLibrary(userId, q, { ...filters, ...(speaker === undefined ? {} : { speakers: [speaker] }) }, { page, per_page });
  return { query: q, hits: found.hits, pagination: paginate(found.total, page, per_page) };
}
