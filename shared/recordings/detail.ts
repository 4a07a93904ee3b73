// Reading one recording: its detail, its transcript in the four formats, its texts.
import { getJson } from '../blob/objects.ts';
import { NotFoundError } from '../domain/errors.ts';
import { isBusy } from '../domain/recordings/status.ts';
import { downloadFor, renderTranscript, type RenderedTranscript, type TranscriptFormat } from '../domain/transcript/index.ts';
import type { Segment } from '../providers/types.ts';
import { getOwnedRecording, getOwnedRecordingWithTexts, type Recording, type RecordingTexts } from '../store/recordings.ts';
import { visibleTags } from '../store/tags.ts';
import { DEFAULT_SETTINGS, getProfile, getUserSettings } from '../store/users.ts';
import { attachment, detail, FULL_DETAIL, type DetailView } from './present.ts';

export type RecordingDetail = ReturnType<typeof detail>;

export async function getRecordingDetail(userId: number, id: number, view: DetailView): Promise<RecordingDetail> {
  const { recording, texts } = await getOwnedRecordingWithTexts(id, userId);
  return describeRecording(recording, texts, view);
}

/** The detail of a recording already read (PATCH answers with it). */
export async function describeRecording(recording: Recording, texts: RecordingTexts, view: DetailView = FULL_DETAIL): Promise<RecordingDetail> {
  const profile = await getProfile(recording.user_id);
  const groups = profile?.groups.map((g) => g.group_id) ?? [];
  const wantsTranscript = view.format === 'full' && view.include.includes('transcription');
  const [tags, segments] = await Promise.all([
    visibleTags(recording.user_id, groups, recording.tag_ids),
    wantsTranscript ? readSegments(recording.transcript_key) : undefined,
  ]);
  const template = profile?.settings.transcript_template ?? DEFAULT_SETTINGS.transcript_template;
  const transcription = segments ? renderTranscript(segments, 'text', template).content : '';
  return detail(recording, tags, { ...texts, transcription }, view);
}

/** The stored segments, or undefined when there is no transcript (or its object is gone). */
async function readSegments(transcriptKey: string | null): Promise<readonly Segment[] | undefined> {
  if (!transcriptKey) return undefined;
  try {
    return (await getJson<{ segments: Segment[] }>('transcripts/', transcriptKey)).segments;
  } catch (error) {
    if ((error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound') return undefined;
    throw error;
  }
}

/** Why there is no transcript to show: still being made, failed, or gone. */
function noTranscript(recording: Recording): string {
  if (isBusy(recording.status)) return `No transcription available yet: recording ${recording.id} is ${recording.status}; its status tells the progress`;
  if (recording.status === 'FAILED') return `No transcription available: the transcription of recording ${recording.id} failed; its error_message tells why`;
  return 'No transcription available';
}

export async function getTranscript(userId: number, id: number, format: TranscriptFormat): Promise<{ recording: Recording; transcript: RenderedTranscript }> {
  const recording = await getOwnedRecording(id, userId);
  const segments = await readSegments(recording.transcript_key);
  if (!segments) throw new NotFoundError(noTranscript(recording));
  const template = format === 'text' ? (await getUserSettings(userId)).transcript_template : undefined;
  return { recording, transcript: renderTranscript(segments, format, template) };
}

export interface FileDownload {
  readonly body: string;
  readonly contentType: string;
  readonly disposition: string;
}

/** `download=true`: the transcript as a file named after the recording. */
export function transcriptFile(recording: Recording, transcript: RenderedTranscript): FileDownload {
  const { contentType, extension } = downloadFor(transcript.format);
  const body = transcript.format === 'json' ? `${JSON.stringify({ segments: transcript.segments }, null, 2)}\n` : transcript.content;
  const charset = transcript.format === 'json' ? '' : '; charset=utf-8';
  return { body, contentType: `${contentType}${charset}`, disposition: attachment(`${recording.title}.${extension}`) };
}

export async function getSummary(userId: number, id: number): Promise<{ summary: string; has_summary: boolean }> {
  const { texts } = await getOwnedRecordingWithTexts(id, userId);
  return { summary: texts.summary, has_summary: texts.summary.length > 0 };
}

export async function getNotes(userId: number, id: number): Promise<{ notes: string; has_notes: boolean }> {
  const { texts } = await getOwnedRecordingWithTexts(id, userId);
  return { notes: texts.notes, has_notes: texts.notes.length > 0 };
}
