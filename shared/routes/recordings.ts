// Recordings once they exist: list, read, change, delete, audio, transcript, texts, asking
// for processing again, batches; and the statistics.
import * as z from 'zod/mini';
import { lazySchema } from '../http/lazy-schema.ts';
import * as r from '../http/recording-schemas.ts';
import * as s from '../http/schemas.ts';
import type { RouteSpec } from './spec.ts';

const idParams = lazySchema(() => z.object({ id: s.id() }));
const tag = 'Recordings';
const read = { tag, rateClass: 'read', auth: 'token' } as const;
const write = { tag, rateClass: 'write', auth: 'token' } as const;
const processing = { tag, rateClass: 'processing', auth: 'token' } as const;
const batch = { tag, rateClass: 'batch', auth: 'token' } as const;
const success = lazySchema(() => z.object({ success: z.boolean() }));

export const recordingRoutes = {
  'GET /recordings': {
    ...read,
    handler: 'recordings/list',
    summary: 'List your recordings with filters, sorting and pagination',
    query: r.listQuery,
    responses: { 200: { description: 'A page of recordings', schema: r.recordingList } },
  },
  'GET /recordings/{id}': {
    ...read,
    handler: 'recordings/get',
    summary: 'A recording with its transcription (as text, through your transcript template), summary and notes',
    params: idParams,
    query: r.detailQuery,
    responses: { 200: { description: 'The recording', schema: r.recordingDetail } },
  },
  'PATCH /recordings/{id}': {
    ...write,
    handler: 'recordings/update',
    summary: 'Change title, participants, notes, summary, meeting date, inbox, starred or folder',
    description: 'Emits recording.updated listing the fields whose value really changed; no change, no event.',
    params: idParams,
    body: r.updateRecordingBody,
    responses: { 200: { description: 'The updated recording', schema: () => z.object({ success: z.boolean(), recording: r.recordingDetail() }) } },
  },
  'DELETE /recordings/{id}': {
    ...write,
    handler: 'recordings/delete',
    summary: 'Delete a recording with its audio, transcript, summary and notes (emits recording.deleted)',
    params: idParams,
    responses: { 200: { description: 'Deleted', schema: success } },
  },
  'GET /recordings/{id}/status': {
    ...read,
    handler: 'recordings/status',
    summary: 'Processing status and queue position',
    params: idParams,
    responses: { 200: { description: 'The processing status', schema: r.processingStatus } },
  },
  'GET /recordings/{id}/transcript': {
    ...read,
    handler: 'recordings/transcript',
    summary: 'The transcript as segments (json) or as text, SRT or WebVTT; download=true sends a file',
    params: idParams,
    query: r.transcriptQuery,
    responses: {
      200: { description: '{format, segments} for json, {format, content} otherwise; with download=true the file itself (text/plain, application/x-subrip, text/vtt or application/json)', schema: r.transcriptResult },
    },
  },
  'GET /recordings/{id}/summary': {
    ...read,
    handler: 'recordings/summary-get',
    summary: 'The summary (Markdown)',
    params: idParams,
    responses: { 200: { description: 'The summary', schema: () => z.object({ summary: z.string(), has_summary: z.boolean() }) } },
  },
  'PUT /recordings/{id}/summary': {
    ...write,
    handler: 'recordings/summary-put',
    summary: 'Replace the summary (emits recording.updated when it changes)',
    params: idParams,
    body: r.summaryBody,
    responses: { 200: { description: 'The new summary', schema: () => z.object({ success: z.boolean(), summary: z.string() }) } },
  },
  'GET /recordings/{id}/notes': {
    ...read,
    handler: 'recordings/notes-get',
    summary: 'Your notes on the recording',
    params: idParams,
    responses: { 200: { description: 'The notes', schema: () => z.object({ notes: z.string(), has_notes: z.boolean() }) } },
  },
  'PUT /recordings/{id}/notes': {
    ...write,
    handler: 'recordings/notes-put',
    summary: 'Replace the notes (emits recording.updated when they change)',
    params: idParams,
    body: r.notesBody,
    responses: { 200: { description: 'The new notes', schema: () => z.object({ success: z.boolean(), notes: z.string() }) } },
  },
  'GET /recordings/{id}/audio': {
    ...read,
    handler: 'recordings/audio',
    summary: 'The audio: streamed with Range support, or a redirect to a short-lived download URL',
    description: 'Up to 4 MB (of the file, or of the requested Range) the bytes come in the answer (206 with Content-Range for a Range); larger answers are a 302 to a presigned URL valid for 5 minutes, which supports Range as well. download=true asks for an attachment.',
    params: idParams,
    query: r.audioQuery,
    responses: {
      200: { description: 'The audio file', contentType: 'application/octet-stream' },
      206: { description: 'The requested byte range', contentType: 'application/octet-stream' },
      302: { description: 'Redirect to a presigned URL (Location header)' },
    },
  },
  'POST /recordings/{id}/transcribe': {
    ...processing,
    handler: 'recordings/transcribe',
    summary: 'Transcribe again (COMPLETED or FAILED recordings; 409 while queued or working)',
    params: idParams,
    body: r.transcribeBody,
    responses: { 202: { description: 'Queued', schema: r.queuedResult } },
  },
  'POST /recordings/{id}/summarize': {
    ...processing,
    handler: 'recordings/summarize',
    summary: 'Summarise again, optionally with a custom prompt (needs a transcript; 409 while queued or working)',
    params: idParams,
    body: r.summarizeBody,
    responses: { 202: { description: 'Queued', schema: r.queuedResult } },
  },
  'PATCH /recordings/batch': {
    ...batch,
    handler: 'recordings/batch-update',
    summary: 'Change inbox, starred and tags of up to 100 recordings',
    description: 'Each recording is handled on its own: refusals are reported per item in results[].error.',
    body: r.batchUpdateBody,
    responses: { 200: { description: 'Per-item results', schema: r.batchUpdated } },
  },
  'DELETE /recordings/batch': {
    ...batch,
    handler: 'recordings/batch-delete',
    summary: 'Delete up to 100 recordings (each emits recording.deleted)',
    body: r.batchIdsBody,
    responses: { 200: { description: 'Per-item results', schema: r.batchDeleted } },
  },
  'POST /recordings/batch/transcribe': {
    ...batch,
    handler: 'recordings/batch-transcribe',
    summary: 'Transcribe up to 100 recordings again',
    body: r.batchIdsBody,
    responses: { 200: { description: 'Per-item results', schema: r.batchQueued } },
  },
  'GET /stats': {
    handler: 'stats/get',
    summary: 'Statistics: recordings, storage, queue, token and transcription usage; scope=all (administrators) adds users',
    tag: 'Statistics',
    rateClass: 'stats',
    auth: 'token',
    query: r.statsQuery,
    responses: { 200: { description: 'The statistics object', schema: r.statistics } },
  },
} as const satisfies Record<string, RouteSpec>;
