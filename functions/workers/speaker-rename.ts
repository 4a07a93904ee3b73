// The speakers queue: one recording whose transcript and participants still carry a renamed
// speaker's old name (a rename that touched many recordings).
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { renameInRecording, renameMessage } from '#shared/speakers/rename.ts';

export const handler = sqsWorker('speaker-rename', renameMessage, async (message) => {
  await renameInRecording(message);
});
