// The speakers queue: one recording whose transcript and participants still carry a renamed
// speaker's old name (a rename that touched many recordings).
import { sqsWorker } from '#shared/pipeline/sqs-worker.ts';
import { renameInRecording, type RenameMessage } from '#shared/speakers/rename.ts';

export const handler = sqsWorker<RenameMessage>('speaker-rename', async (message) => {
  await renameInRecording(message);
});
