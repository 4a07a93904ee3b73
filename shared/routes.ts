// The route table: the single source for the local gateway, the CDK routes and functions,
// the OpenAPI document and the rate-limit classes. A new route is one row (in the module of
// its area under routes/) plus one handler file at functions/api/<handler>.ts.
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { chatRoutes } from './routes/chat.ts';
import { docsRoutes } from './routes/docs.ts';
import { eventRoutes } from './routes/events.ts';
import { recordingRoutes } from './routes/recordings.ts';
import { searchRoutes } from './routes/search.ts';
import type { Method, RouteSpec } from './routes/spec.ts';
import { speakerRoutes } from './routes/speakers.ts';
import { tagRoutes } from './routes/tags.ts';
import { transcriptionRoutes } from './routes/transcription.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export type { RouteSpec } from './routes/spec.ts';

export const API_PREFIX = '/api/v1';

const routes = { ...accountRoutes, ...authRoutes, ...docsRoutes, ...uploadRoutes, ...recordingRoutes, ...chatRoutes, ...eventRoutes, ...webhookRoutes, ...transcriptionRoutes, ...tagRoutes, ...speakerRoutes, ...searchRoutes } as const;
export type RouteKey = keyof typeof routes;

export interface RouteRow {
  readonly key: RouteKey;
  readonly method: Method;
  /** Path relative to API_PREFIX, with {param} placeholders. */
  readonly path: string;
  readonly spec: RouteSpec;
}

export const routeRows: readonly RouteRow[] = (Object.entries(routes) as [RouteKey, RouteSpec][]).map(([key, spec]) => {
  const [method, path] = key.split(' ') as [Method, string];
  return { key, method, path, spec };
});

/** A stable, CloudFormation-safe name for a row, e.g. "GetRecordingsId". */
export function routeName(row: RouteRow): string {
  const words = [row.method.toLowerCase(), ...row.path.split(/[/{}._\-]+/)].filter(Boolean);
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
