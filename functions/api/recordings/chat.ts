import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { chatRoutes } from '#shared/routes/chat.ts';
import { chatWithRecording } from '#shared/recordings/chat.ts';

export const handler = route(chatRoutes, 'POST /recordings/{id}/chat', async ({ caller, params, body }) => ok(await chatWithRecording(caller.userId, params.id, body)));
