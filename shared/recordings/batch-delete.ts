// Batch deletion, apart from batch.ts: deleting reaches S3 (remove.ts), which batch updates and
// batch transcription requests never do, so their functions do not load S3's client at init.
import { eachItem, summary } from './batch.ts';
import { deleteRecording } from './remove.ts';

export async function batchDelete(userId: number, ids: readonly number[]) {
  return summary('deleted', await eachItem(ids, (id) => deleteRecording(userId, id)));
}
