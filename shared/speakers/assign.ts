// Naming the speakers of a recording (PUT /recordings/{id}/speakers/assign): the labels'
// segments get the names (the label is kept on each segment), the participants are
// recomputed, missing speakers are created, each newly assigned speaker's voice profile takes
// in that label's embedding (70 % old, 30 % new) and counts one more use, and a summary is
// queued when asked — which, like POST /summarize, is refused while work is queued or running.
import { ConflictError, ValidationError } from '../domain/errors.ts';
import { isBusy, type RecordingStatus } from '../domain/recordings/status.ts';
import { assignNames, labelsOf, participantsOf, sameName, updateProfile } from '../domain/speakers.ts';
import type { AssignBody, SpeakerTarget } from '../http/speaker-schemas.ts';
import { retryOnStale } from '../recordings/edit.ts';
import { publish } from '../recordings/publish.ts';
import { send } from '../queue/jobs.ts';
import { summarizeJob } from '../queue/messages.ts';
import { transition, writeRecording } from '../store/recording-writes.ts';
import { getOwnedRecording, type Recording } from '../store/recordings.ts';
import { findSpeaker, getOwnedSpeaker, linkRecording, recordAssignment, type Speaker } from '../store/speakers.ts';
import { speakerNamed } from './manage.ts';
import { embeddingOf, requireTranscript, writeTranscript } from './transcripts.ts';

export interface Assigned {
  readonly success: true;
  readonly recording: { readonly id: number; readonly title: string; readonly participants: string; readonly status: RecordingStatus };
  readonly summary_queued: boolean;
  readonly embeddings_updated: number;
}

function refuseWhileBusy(recording: Recording): void {
  if (isBusy(recording.status)) throw new ConflictError(`The recording is ${recording.status}; a summary can be queued once it is COMPLETED or FAILED`);
}

export async function assignSpeakers(userId: number, id: number, body: AssignBody): Promise<Assigned> {
  const recording = await getOwnedRecording(id, userId);
  if (body.regenerate_summary) refuseWhileBusy(recording);
  const transcript = await requireTranscript(recording.transcript_key);
  const labels = labelsOf(transcript.segments);
  checkLabels(Object.keys(body.speaker_map), labels.map((l) => l.label));
  const targets = await resolveTargets(userId, body.speaker_map);

  const names = Object.fromEntries([...targets].map(([label, s]) => [label, s?.name ?? null]));
  const segments = assignNames(transcript.segments, names);
  await writeTranscript(recording, { ...transcript, segments });

  const before = new Map(labels.map((l) => [l.label, l.identified_name]));
  let embeddingsUpdated = 0;
  for (const [label, target] of targets) {
    if (!target) continue;
    const previous = before.get(label);
    if (previous && sameName(previous, target.name)) {
      // Already this speaker's: no second use, no second sample of the same voice.
      await linkRecording(target, id);
      continue;
    }
    // Read again: the same speaker may have taken in another label of this request already.
    const current = (await findSpeaker(target.id)) ?? target;
    const sample = embeddingOf(transcript, label);
    await recordAssignment(current, id, sample ? updateProfile(current, sample) : null);
    if (sample) embeddingsUpdated += 1;
  }

  const { recording: written, queued } = await finish(userId, id, participantsOf(segments), body.regenerate_summary);
  return {
    success: true,
    recording: { id: written.id, title: written.title, participants: written.participants, status: written.status },
    summary_queued: queued,
    embeddings_updated: embeddingsUpdated,
  };
}

function checkLabels(asked: readonly string[], known: readonly string[]): void {
  const unknown = asked.filter((l) => !known.includes(l));
  if (unknown.length === 0) return;
  const has = known.length > 0 ? `it has ${known.join(', ')}` : 'it has no speaker labels';
  throw new ValidationError(
    `Not a speaker label of this recording: ${unknown.join(', ')} (${has})`,
    unknown.map((l) => ({ path: `speaker_map.${l}`, message: 'not a speaker label of this recording' })),
  );
}

/** Speakers given by id are checked first (403/404), so a refused request creates none by name. */
async function resolveTargets(userId: number, map: Readonly<Record<string, SpeakerTarget>>): Promise<Map<string, Speaker | null>> {
  const entries = Object.entries(map);
  const byId = new Map<string, Speaker>();
  for (const [label, value] of entries) {
    if (value !== null && typeof value === 'object' && 'speaker_id' in value) byId.set(label, await getOwnedSpeaker(value.speaker_id, userId));
  }
  const targets = new Map<string, Speaker | null>();
  for (const [label, value] of entries) {
    if (value === null) targets.set(label, null);
    else if (byId.has(label)) targets.set(label, byId.get(label)!);
    else targets.set(label, await speakerNamed(userId, typeof value === 'string' ? value : (value as { name: string }).name));
  }
  return targets;
}

async function finish(userId: number, id: number, participants: string, summarize: boolean): Promise<{ recording: Recording; queued: boolean }> {
  return retryOnStale(async () => {
    const recording = await getOwnedRecording(id, userId);
    const changed = participants !== recording.participants;
    const events = changed ? [{ type: 'recording.updated' as const, extra: { fields_changed: ['participants'] } }] : [];
    const changes = changed ? { participants } : {};
    if (summarize) {
      refuseWhileBusy(recording);
      const written = await transition(recording, 'summarize-requested', { changes: { ...changes, summary_prompt: null, error_message: null, attempt: 0, lease_until: null }, events });
      await publish(written.events, () => send('summarize', summarizeJob(id)));
      return { recording: written.recording, queued: true };
    }
    if (!changed) return { recording, queued: false };
    const written = await writeRecording(recording, { changes, events });
    await publish(written.events);
    return { recording: written.recording, queued: false };
  });
}
