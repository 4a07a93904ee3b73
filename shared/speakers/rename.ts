// A speaker's new name reaches every recording it was assigned in: the transcript segments
// and the participants (recording.updated with fields_changed ['participants']). A few
// recordings are rewritten in the request; more go to the speakers queue, one message each.
// A message carries the name to replace and reads the speaker's current name when it runs,
// so messages of two quick renames in any order still end at the latest name.
import * as z from 'zod/mini';
import { renameInParticipants, renameInSegments } from '../domain/speakers.ts';
import { send } from '../queue/jobs.ts';
import { retryOnStale } from '../recordings/edit.ts';
import { publish } from '../recordings/publish.ts';
import { writeRecording } from '../store/recording-writes.ts';
import { findRecording } from '../store/recordings.ts';
import { findSpeaker, linkedRecordings, unlinkRecording, type Speaker } from '../store/speakers.ts';
import { readTranscript, writeTranscript } from './transcripts.ts';

/** Up to this many recordings are rewritten within the request. */
const INLINE_RENAME_LIMIT = 20;

/** One recording to rewrite after a rename, on the speakers queue. */
export const renameMessage = z.object({
  user_id: z.number().check(z.int(), z.positive()),
  speaker_id: z.number().check(z.int(), z.positive()),
  recording_id: z.number().check(z.int(), z.positive()),
  /** The name the recording's transcript and participants may still carry. */
  from_name: z.string().check(z.minLength(1)),
});
export type RenameMessage = z.infer<typeof renameMessage>;

export interface Cascade {
  /** Recordings rewritten (inline) or queued for rewriting. */
  readonly recordings_updated: number;
  readonly cascade: 'done' | 'queued';
}

export async function cascadeRename(speaker: Speaker, fromName: string): Promise<Cascade> {
  const recordingIds = await linkedRecordings(speaker.id);
  const messages = recordingIds.map((recording_id): RenameMessage => ({ user_id: speaker.user_id, speaker_id: speaker.id, recording_id, from_name: fromName }));
  if (messages.length > INLINE_RENAME_LIMIT) {
    for (let i = 0; i < messages.length; i += 10) await Promise.all(messages.slice(i, i + 10).map((m) => send('speakers', m)));
    return { recordings_updated: messages.length, cascade: 'queued' };
  }
  let updated = 0;
  for (const message of messages) if (await renameInRecording(message)) updated += 1;
  return { recordings_updated: updated, cascade: 'done' };
}

/**
 * Replaces `from_name` with the speaker's current name in one recording. True when the
 * recording carried the old name. A recording or speaker that is gone ends the job quietly.
 */
export async function renameInRecording(message: RenameMessage): Promise<boolean> {
  const speaker = await findSpeaker(message.speaker_id);
  if (!speaker || speaker.user_id !== message.user_id) return false;
  const to = speaker.name;
  const current = await findRecording(message.recording_id);
  if (!current || current.user_id !== message.user_id) {
    await unlinkRecording(speaker.id, message.recording_id);
    return false;
  }
  const transcript = await readTranscript(current.transcript_key);
  let touched = false;
  if (transcript && current.transcript_key) {
    const renamed = renameInSegments(transcript.segments, message.from_name, to);
    if (renamed.changed > 0) {
      await writeTranscript(current, { ...transcript, segments: renamed.segments });
      touched = true;
    }
  }
  const participantsChanged = await retryOnStale(async () => {
    const recording = await findRecording(message.recording_id);
    if (!recording) return false;
    const participants = renameInParticipants(recording.participants, message.from_name, to);
    if (participants === recording.participants) return false;
    const written = await writeRecording(recording, { changes: { participants }, events: [{ type: 'recording.updated', extra: { fields_changed: ['participants'] } }] });
    await publish(written.events);
    return true;
  });
  return touched || participantsChanged;
}
