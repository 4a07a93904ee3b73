// Shapes of the recording routes, named once for the pages that show them.
import type { paths } from '../api/schema';

type Json<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch', C extends number = 200> = paths[P][M] extends { responses: Record<C, { content: { 'application/json': infer T } }> } ? T : never;

export type ListPage = Json<'/recordings', 'get'>;
export type RecordingRow = ListPage['recordings'][number];
export type Recording = Json<'/recordings/{id}', 'get'>;
export type Status = Recording['status'];
export type ListQuery = NonNullable<paths['/recordings']['get']['parameters']['query']>;
export type Segment = NonNullable<Json<'/recordings/{id}/transcript', 'get'>['segments']>[number];
export type Tag = Json<'/tags', 'get'>['tags'][number];
export type LibrarySpeaker = Json<'/speakers', 'get'>['speakers'][number];
type ChatAnswer = Json<'/recordings/{id}/chat', 'post'>;
export type Source = ChatAnswer['sources'][number];
export type CalendarEvent = Json<'/recordings/{id}/events', 'get'>['events'][number];

const WORKING: readonly Status[] = ['PENDING', 'PROCESSING', 'SUMMARIZING'];
export const isWorking = (status: Status) => WORKING.includes(status);

/** 75.3 → "1:15" */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export type SearchResult = Json<'/search', 'get'>;
export type SearchHit = SearchResult['hits'][number];
export type LibraryAnswer = Json<'/chat', 'post'>;

/** Where a hit opens: the recording page, at the hit's moment when it is in the transcript. */
export const hitLink = (hit: Pick<SearchHit, 'recording_id' | 'start_time'>) =>
  `/recordings/${hit.recording_id}${hit.start_time === null ? '' : `?t=${hit.start_time}`}`;
