// The recording routes' rules without I/O: dates in query strings, byte ranges, file names,
// edits that really change something, filters, sorts and pages.
import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '#shared/http/param-schemas.ts';
import { listQuery } from '#shared/http/recording-schemas.ts';
import { parseRange } from '#shared/recordings/audio.ts';
import { diffPatch } from '#shared/recordings/edit.ts';
import { filterRecordings, paginate, sortRecordings } from '#shared/recordings/list.ts';
import { attachment, processingTimeSeconds } from '#shared/recordings/present.ts';
import type { Recording } from '#shared/store/recordings.ts';

describe('dates in query strings and bodies', () => {
  it.each([
    ['2025-03-10', Date.parse('2025-03-10T00:00:00Z'), true],
    ['2025-03-10T12:30:00Z', Date.parse('2025-03-10T12:30:00Z'), false],
    ['2025-03-10T12:30:00.250+02:00', Date.parse('2025-03-10T10:30:00.250Z'), false],
    ['2025-03-10T12:30+0200', Date.parse('2025-03-10T10:30:00Z'), false],
    ['2025-03-10T12:30:00', Date.parse('2025-03-10T12:30:00Z'), false],
    ['2024-02-29', Date.parse('2024-02-29T00:00:00Z'), true],
  ])('reads %s', (value, ms, dateOnly) => {
    expect(parseIsoDate(value)).toEqual({ ms, dateOnly });
  });

  it.each(['2025-02-29', '2025-02-30', '2025-13-01', '2025-3-1', 'yesterday', '2025-03-10T25:00Z', '1741600000', ''])('refuses %j', (value) => {
    expect(parseIsoDate(value)).toBeUndefined();
  });

  it('makes a date alone in date_to include that whole day', () => {
    const parsed = listQuery().parse({ date_from: '2025-03-10', date_to: '2025-03-10' });
    expect(parsed.date_from).toBe(Date.parse('2025-03-10T00:00:00Z'));
    expect(parsed.date_to).toBe(Date.parse('2025-03-10T23:59:59.999Z'));
  });

  it('fills the list defaults', () => {
    expect(listQuery().parse({})).toEqual({ page: 1, per_page: 25, status: 'all', sort_by: 'created_at', sort_order: 'desc' });
  });
});

describe('byte ranges', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=900-', 1000, { start: 900, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { start: 990, end: 999 }],
    ['BYTES=1-1', 1000, { start: 1, end: 1 }],
  ])('takes %s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it.each([undefined, '', 'bytes=-', 'bytes=5-2', 'bytes=0-1,4-5', 'items=0-5', 'bytes=a-b'])('sends the whole file for %j', (header) => {
    expect(parseRange(header, 1000)).toBeUndefined();
  });

  it.each(['bytes=1000-', 'bytes=999999999-', 'bytes=1000-2000', 'bytes=-0'])('finds %j unsatisfiable for 1000 bytes (416)', (header) => {
    expect(parseRange(header, 1000)).toBe('unsatisfiable');
  });
});

describe('attachment file names', () => {
  it.each([
    ['Team call.wav', 'attachment; filename="Team call.wav"'],
    ['a"b.txt', 'attachment; filename="a_b.txt"'],
    ['../../etc/passwd', 'attachment; filename=".._.._etc_passwd"'],
    ['x\r\nSet-Cookie: a=b.srt', 'attachment; filename="x_Set-Cookie: a=b.srt"'],
    ['Réunion.vtt', `attachment; filename="R_union.vtt"; filename*=UTF-8''R%C3%A9union.vtt`],
    ['"', 'attachment; filename="_"'],
  ])('quotes %j safely', (name, header) => {
    expect(attachment(name)).toBe(header);
  });
});

const base: Recording = {
  id: 1, user_id: 1, title: 'T', status: 'COMPLETED', created_at: '2025-03-01T12:00:00.000Z', meeting_date: '2025-03-01T09:00:00.000Z',
  file_size: 100, original_filename: 't.wav', mime_type: 'audio/wav', participants: '', is_inbox: true, is_highlighted: false, folder_id: null,
  tag_ids: [], audio_key: 'a', transcript_key: null, sha256: 's', language: null, min_speakers: null, max_speakers: null, has_summary: false,
  has_notes: false, transcription_engine: null, audio_duration_seconds: null, transcription_duration_seconds: null, summarization_duration_seconds: null,
  processing_started_at: null, completed_at: null, error_message: null, queued_at: null, lease_until: null, sent_at: null, attempt: 0, summary_prompt: null, event_seq: 1,
};

describe('processing time', () => {
  it('is the wall time from start to completion, else the sum of the steps, else null', () => {
    expect(processingTimeSeconds({ ...base, processing_started_at: '2025-01-01T10:00:00Z', completed_at: '2025-01-01T10:00:12.345Z' })).toBe(12.3);
    expect(processingTimeSeconds({ ...base, transcription_duration_seconds: 4.44, summarization_duration_seconds: 1 })).toBe(5.4);
    expect(processingTimeSeconds(base)).toBeNull();
  });
});

describe('what an edit really changes', () => {
  const texts = { notes: 'n', summary: '' };

  it('lists only fields whose value differs, in the spec order', () => {
    const diff = diffPatch(base, texts, { is_highlighted: true, title: 'New', is_inbox: true, notes: 'n', summary: 'S' });
    expect(diff.fields).toEqual(['title', 'summary', 'is_highlighted']);
    expect(diff.changes).toEqual({ title: 'New', is_highlighted: true, has_summary: true });
    expect(diff.texts).toEqual({ summary: 'S' });
  });

  it('takes the same instant written differently as no change', () => {
    expect(diffPatch(base, texts, { meeting_date: '2025-03-01T10:00:00+01:00' }).fields).toEqual([]);
  });

  it('changes tags without listing them as an event field', () => {
    const diff = diffPatch({ ...base, tag_ids: [1] }, texts, { tag_ids: [1, 2] });
    expect(diff.fields).toEqual([]);
    expect(diff.changes).toEqual({ tag_ids: [1, 2] });
    expect(diffPatch({ ...base, tag_ids: [1] }, texts, { tag_ids: [1] }).changes).toEqual({});
  });

  it('clears has_notes when notes are emptied and tells null apart from a folder', () => {
    expect(diffPatch({ ...base, has_notes: true }, texts, { notes: '' }).changes).toEqual({ has_notes: false });
    expect(diffPatch({ ...base, folder_id: 3 }, texts, { folder_id: null }).fields).toEqual(['folder_id']);
    expect(diffPatch(base, texts, { folder_id: null }).fields).toEqual([]);
  });
});

describe('filters, sorts and pages', () => {
  const rec = (id: number, extra: Partial<Recording>): Recording => ({ ...base, id, ...extra });
  const all = [
    rec(1, { title: 'beta', file_size: 5, participants: 'Ann', status: 'PROCESSING' }),
    rec(2, { title: 'Alpha', file_size: 5, status: 'SUMMARIZING', is_inbox: false }),
    rec(3, { title: 'gamma', file_size: 1, created_at: '2025-03-02T00:00:00.000Z', tag_ids: [7], is_highlighted: true }),
  ];
  const none = { status: 'all' as const };

  it('keeps PROCESSING and SUMMARIZING for status=processing', () => {
    expect(filterRecordings(all, { status: 'processing' }).map((r) => r.id)).toEqual([1, 2]);
  });

  it('combines search, tag, inbox, starred and date filters', () => {
    expect(filterRecordings(all, { ...none, q: 'ANN' }).map((r) => r.id)).toEqual([1]);
    expect(filterRecordings(all, { ...none, q: 'alp' }).map((r) => r.id)).toEqual([2]);
    expect(filterRecordings(all, { ...none, tag_id: 7, starred: true }).map((r) => r.id)).toEqual([3]);
    expect(filterRecordings(all, { ...none, inbox: false }).map((r) => r.id)).toEqual([2]);
    expect(filterRecordings(all, { ...none, date_from: Date.parse('2025-03-02') }).map((r) => r.id)).toEqual([3]);
    expect(filterRecordings(all, { ...none, date_to: Date.parse('2025-03-01T12:00:00Z') }).map((r) => r.id)).toEqual([1, 2]);
  });

  it('breaks ties by id in the sort direction', () => {
    expect(sortRecordings(all, { sort_by: 'file_size', sort_order: 'asc' }).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(sortRecordings(all, { sort_by: 'file_size', sort_order: 'desc' }).map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortRecordings(all, { sort_by: 'title', sort_order: 'asc' }).map((r) => r.title)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortRecordings(all, { sort_by: 'created_at', sort_order: 'desc' }).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it.each([
    [0, 1, 25, { total_pages: 0, has_next: false, has_prev: false }],
    [25, 1, 25, { total_pages: 1, has_next: false, has_prev: false }],
    [26, 1, 25, { total_pages: 2, has_next: true, has_prev: false }],
    [26, 2, 25, { total_pages: 2, has_next: false, has_prev: true }],
    [26, 9, 25, { total_pages: 2, has_next: false, has_prev: true }],
  ])('pages %i recordings at page %i of %i', (total, page, perPage, expected) => {
    expect(paginate(total, page, perPage)).toEqual({ page, per_page: perPage, total, ...expected });
  });
});
