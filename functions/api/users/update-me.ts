import { ValidationError } from '#shared/domain/errors.ts';
import { canonicalTimeZone } from '#shared/domain/time-zones.ts';
import { validateTemplate } from '#shared/domain/transcript/template.ts';
import { ok } from '#shared/http/respond.ts';
import { route } from '#shared/http/write-route.ts';
import { accountRoutes } from '#shared/routes/account.ts';
import { updateUserSettings } from '#shared/store/users.ts';

export const handler = route(accountRoutes, 'PUT /users/me', async ({ caller, body }) => {
  const issues = body.transcript_template === undefined ? [] : validateTemplate(body.transcript_template);
  if (issues.length > 0) throw new ValidationError('Invalid transcript template', issues.map((i) => ({ path: 'transcript_template', message: i.message })));
  const timeZone = body.time_zone === undefined ? {} : { time_zone: canonicalTimeZone(body.time_zone)! };
  return ok({ success: true, user: await updateUserSettings(caller.userId, { ...body, ...timeZone }) });
});
