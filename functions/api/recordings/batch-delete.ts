import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { batchDelete } from '#shared/recordings/batch.ts';

export const handler = route('DELETE /recordings/batch', async ({ caller, body }) => ok(await batchDelete(caller.userId, body.recording_ids)));
