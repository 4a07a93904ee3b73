// Deleting a recording: its items (with recording.deleted in the same transaction), then its
// audio and transcript objects and its same-bytes guard, so nothing is left behind.
import { DeleteCommand } from '../clients/dynamodb.ts';
import { deleteObject } from '../blob/objects.ts';
import { dynamo } from '../clients.ts';
import { logger } from '../logger.ts';
import { deleteRecordingItems } from '../store/recording-writes.ts';
import { deleteEvents } from '../store/calendar-events.ts';
import { unlinkRecordingFromAll } from '../store/speakers.ts';
import { getOwnedRecording, type Recording } from '../store/recordings.ts';
import { key, tableName } from '../store/table.ts';
import { refuseIfProtected } from '../tags/access.ts';
import { retryOnStale } from './edit.ts';
import { publish } from './publish.ts';

export async function deleteRecording(userId: number, id: number): Promise<{ success: true }> {
  const recording = await retryOnStale(async () => {
    const current = await getOwnedRecording(id, userId);
    await refuseIfProtected(current);
    await deleteRecordingItems(current).then((event) => publish([event]));
    return current;
  });
  await removeLeftovers(recording);
  return { success: true };
}

/**
 * The items are gone and the event recorded, so a failure here must not fail the request:
 * it is logged with the keys left behind.
 */
async function removeLeftovers(recording: Recording): Promise<void> {
  const { audio_key: audio, transcript_key: transcript } = recording;
  const targets = [audio ?? 'no audio', transcript ?? 'no transcript', 'same-bytes guard', 'calendar events', 'speaker links'];
  const results = await Promise.allSettled([
    audio && deleteObject('audio/', audio),
    transcript && deleteObject('transcripts/', transcript),
    forgetSameBytes(recording),
    deleteEvents(recording.id),
    unlinkRecordingFromAll(recording.user_id, recording.id),
  ]);
  const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ target: targets[i], error: r.reason as unknown }] : []));
  for (const f of failed) logger.error('a deleted recording left something behind', { recording_id: recording.id, ...f });
}

/** The guard names the newest upload of these bytes; it goes only if that is this recording. */
async function forgetSameBytes(recording: Recording): Promise<void> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key.sameBytes(recording.user_id, recording.sha256),
        ConditionExpression: 'recording_id = :id',
        ExpressionAttributeValues: { ':id': recording.id },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}
