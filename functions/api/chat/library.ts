import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { chatWithLibrary } from '#shared/search/chat.ts';

export const handler = route('POST /chat', async ({ caller, body }) => ok(await chatWithLibrary(caller.userId, body)));
