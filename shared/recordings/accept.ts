// Turns bytes already in object storage into a recording: checks the fields and tags, then
// writes the recording, its recording.created event and its place in the queue in one
// transaction, and queues the transcription at once. Both upload flows end here; on any
// refusal the object is deleted, so a bad upload leaves nothing behind.
import { NotFoundError, ValidationError } from '../domain/errors.ts';
import { deleteObject } from '../blob/objects.ts';
import { settings } from '../config.ts';
import { transcriptionRefusal } from '../providers/capabilities.ts';
import { createRecording, UploadAlreadyAcceptedError } from '../store/recording-writes.ts';
import { findRecording, findSameBytes } from '../store/recordings.ts';
import { visibleTagItems, type Tag } from '../store/tags.ts';
import { linkTags } from '../tags/tag-writes.ts';
import { uploadDefaults } from '../tags/rules.ts';
import { getProfile, getUserSettings } from '../store/users.ts';
import type { Inspection } from './inspect.ts';
import { publish } from './publish.ts';
import { send } from '../queue/jobs.ts';
import { transcribeJob } from '../queue/messages.ts';
import { uploadResult, type UploadResult } from './present.ts';
import { meetingDateFrom, titleFromFilename, type UploadFields } from './upload-fields.ts';
import { logFailure } from '../logger.ts';

export interface StoredUpload {
  readonly userId: number;
  readonly fields: UploadFields;
  readonly filename: string;
  readonly objectKey: string;
  readonly inspection: Inspection;
  /** The request's Idempotency-Key, if it has one. */
  readonly requestKey?: string;
}

export async function acceptUpload(upload: StoredUpload, now = new Date()): Promise<UploadResult> {
  let tags: Tag[];
  try {
    tags = await checkTags(upload.userId, upload.fields.tag_ids);
  } catch (error) {
    await deleteObject('audio/', upload.objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: upload.objectKey }));
    throw error;
  }
  const duplicateOf = await findSameBytes(upload.userId, upload.inspection.sha256);
  const { fields } = upload;
  // What the upload leaves out comes from the first tag that has it.
  const defaults = uploadDefaults(fields, tags);
  const refusal = transcriptionRefusal(settings(), { language: defaults.language });
  if (refusal) {
    await deleteObject('audio/', upload.objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: upload.objectKey }));
    throw new ValidationError(`The upload asks for what the speech engine cannot do: ${refusal}`, [{ path: 'language', message: refusal }]);
  }
  await linkTags(upload.userId, fields.tag_ids);
  // decisions §9b: the upload's own zone, else the user's; kept on the recording.
  const named = fields.time_zone === undefined ? undefined : (await import('../domain/time-zones.ts')).canonicalTimeZone(fields.time_zone);
  const timeZone = named ?? (await getUserSettings(upload.userId)).time_zone;
  let created;
  try {
    created = await createRecording(
      {
        userId: upload.userId,
        title: fields.title ?? titleFromFilename(upload.filename),
        meetingDate: await meetingDateFrom(fields, now, timeZone),
        timeZone,
        fileSize: upload.inspection.size,
        originalFilename: upload.filename,
        mimeType: upload.inspection.mimeType,
        notes: fields.notes ?? '',
        language: defaults.language,
        minSpeakers: defaults.minSpeakers,
        maxSpeakers: defaults.maxSpeakers,
        tagIds: fields.tag_ids,
        audioKey: upload.objectKey,
        sha256: upload.inspection.sha256,
        requestKey: upload.requestKey,
      },
      now,
    );
  } catch (error) {
    if (!(error instanceof UploadAlreadyAcceptedError)) throw error;
    // A retry of an upload whose first try committed but never answered (a crash): the first
    // try's recording is the answer, and the bytes this try stored again are removed.
    await deleteObject('audio/', upload.objectKey).catch(logFailure('a refused upload\'s object could not be deleted', { key: upload.objectKey }));
    const first = await findRecording(error.recordingId);
    if (!first || first.user_id !== upload.userId) throw new NotFoundError(`Recording ${error.recordingId}, made by the first try of this request, was deleted`);
    return uploadResult(first, fields.notes ?? '', duplicateOf);
  }
  const { recording, events } = created;
  await publish(events, () => send('transcribe', transcribeJob(recording.id)));
  return uploadResult(recording, fields.notes ?? '', duplicateOf);
}

/** The tags in the order given, all of them ones the user can see (400 otherwise). */
export async function checkTags(userId: number, tagIds: readonly number[]): Promise<Tag[]> {
  if (tagIds.length === 0) return [];
  const groups = (await getProfile(userId))?.groups.map((g) => g.group_id) ?? [];
  const tags = await visibleTagItems(userId, groups, tagIds);
  const found = new Set(tags.map((t) => t.id));
  const unknown = tagIds.filter((id) => !found.has(id));
  if (unknown.length > 0) throw new ValidationError(`Unknown tag ids: ${unknown.join(', ')}`, unknown.map((id) => ({ path: 'tag_ids', message: `no tag ${id} you can use` })));
  return tags;
}
