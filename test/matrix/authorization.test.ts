// The authorisation matrix (issue 8 part 4), generated from the route table: every route
// refuses a request without a credential (and with a revoked one) with 401, the explorer as
// its setting says; for every route that names a resource in its path, user B with a valid
// token gets 403 on user A's resource (an administrator too: no implicit access) and 404 on
// ids that do not exist (decisions §2). A web session is a credential like a token of its user
// (issue 14): an ended session's cookie gets the same 401, B's and an administrator's session
// the same 403 and 404, and a user's session and tokens spend one rate budget. A's resources
// are the same afterwards.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '#shared/config.ts';
import { windowAt } from '#shared/domain/rate-limit.ts';
import { routeRows, type RouteRow } from '#shared/routes.ts';
import { queueIndexUpdate } from '#shared/search/queue.ts';
import { countRequest } from '#shared/store/rate-counters.ts';
import { deleteSession } from '#shared/store/sessions.ts';
import { seedRecording } from '../e2e/recordings-fixtures.ts';
import { newSession, newUser, sessionHeaders, type WebSession } from '../support/api.ts';
import { PUBLIC_TARGET, SEGMENTS, pathParams, resourceOf, type ResourceKind } from '../fuzz/actors.ts';
import { jsonSchemaOf, type JsonSchema } from '../fuzz/arbitraries.ts';
import { send, shapeProblems, type RawResponse } from '../fuzz/http.ts';

type User = Awaited<ReturnType<typeof newUser>>;

const MISSING_ID = '999999999';
const CODES: Record<number, string> = { 401: 'unauthorized', 403: 'forbidden', 404: 'not_found' };

let owner: User;
const owned = {} as Record<ResourceKind, string>;
let revokedToken: string;
/** A's session after signing out: its cookie is no credential any more. */
let endedSession: WebSession;
let ownerBefore: string;

/** A request as the owner; anything but the expected status stops the setup. */
async function asOwner(method: string, path: string, body?: unknown, expected = [200, 201, 202]): Promise<any> {
  const res = await send({ method, path, token: owner.token, body: body === undefined ? undefined : { kind: 'json', value: body } });
  if (!expected.includes(res.status)) throw new Error(`setup: ${method} ${path} answered ${res.status}: ${res.text}`);
  return res.json;
}

/** Everything of A's that B's requests must leave alone, read as A. */
async function ownerState(): Promise<string> {
  const reads = [
    `/recordings/${owned.recording}?include=transcription,summary,notes`,
    `/recordings/${owned.recording}/status`,
    `/recordings/${owned.recording}/speakers`,
    `/webhooks/${owned.webhook}`,
    `/webhooks/${owned.webhook}/deliveries`,
    '/tokens',
    '/tags',
    '/speakers',
  ];
  const answers = await Promise.all(reads.map((path) => send({ method: 'GET', path, token: owner.token })));
  return JSON.stringify(
    answers.map((res, i) => {
      const body = res.json;
      // Fields that change without a request: token use, delivery attempts.
      if (reads[i] === '/tokens') return body.tokens.map((t: any) => ({ id: t.id, name: t.name, status: t.status }));
      if (reads[i]!.endsWith('/deliveries')) return body.deliveries.map((d: any) => ({ id: d.id, event_type: d.event_type, replayed_from: d.replayed_from }));
      if (reads[i]!.startsWith('/webhooks/')) return { ...body, consecutive_failures: undefined, auto_paused: undefined, enabled: undefined, updated_at: undefined };
      if (reads[i]!.endsWith('/status')) return res.status;
      return [res.status, body];
    }),
  );
}

beforeAll(async () => {
  owner = await newUser();
  owned.tag = String((await asOwner('POST', '/tags', { name: 'matrix tag' })).id);
  const recording = await seedRecording(owner.user.id, { title: 'A’s meeting', status: 'COMPLETED', segments: SEGMENTS, summary: 'A’s summary.', notes: 'A’s notes.' });
  owned.recording = String(recording.id);
  await queueIndexUpdate({ user_id: owner.user.id, recording_id: recording.id });
  await asOwner('POST', `/recordings/${owned.recording}/tags`, { tag_ids: [Number(owned.tag)] });
  owned.speaker = String((await asOwner('POST', '/speakers', { name: 'Alice' })).id);
  owned.token = String((await asOwner('POST', '/tokens', { name: 'spare' })).id);
  owned.webhook = String((await asOwner('POST', '/webhooks', { name: 'hook', url: PUBLIC_TARGET, events: ['webhook.test'] })).id);
  owned.delivery = (await asOwner('POST', `/webhooks/${owned.webhook}/test`)).delivery.id;
  owned.upload = (await asOwner('POST', '/recordings/uploads', { filename: 'a.wav', size: 1000, content_type: 'audio/wav' })).upload_id;
  const revoked = await asOwner('POST', '/tokens', { name: 'revoked' });
  await asOwner('DELETE', `/tokens/${revoked.id}`);
  revokedToken = revoked.token;
  endedSession = await newSession(owner.user.id);
  await deleteSession(endedSession.hash);
  ownerBefore = await ownerState();
});

// ---------------------------------------------------------------- request bodies

/** The simplest value of a JSON Schema: required fields only, the lowest numbers, short strings. */
function simplest(schema: JsonSchema, key = ''): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return simplest(branches.find((b) => b.type !== 'null') ?? branches[0]!, key);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.pattern) return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 1, numRuns: 1 })[0];
      return `matrix ${key}`.slice(0, schema.maxLength ?? 100).padEnd(schema.minLength ?? 0, 'x');
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => simplest(schema.items ?? {}, key));
    case 'object': {
      if (typeof schema.additionalProperties === 'object') {
        const name = schema.propertyNames ? String(simplest(schema.propertyNames)) : 'key';
        return { [name]: simplest(schema.additionalProperties, key) };
      }
      const props = schema.properties ?? {};
      return Object.fromEntries((schema.required ?? []).map((k) => [k, simplest(props[k]!, k)]));
    }
    default:
      return null;
  }
}

/** Bodies a refinement beyond the JSON Schema would refuse in their simplest form. */
const BODY_OVERRIDES: Partial<Record<string, unknown>> = {
  'PUT /recordings/{id}/speakers/assign': { speaker_map: { SPEAKER_00: 'Alice' } },
  'PATCH /recordings/batch': { recording_ids: [1], updates: { is_inbox: false } },
};

/** A body the route's schema accepts: required fields, plus optional ones until refinements pass. */
function validBody(row: RouteRow): unknown {
  const schema = row.spec.body?.();
  if (!schema) return undefined;
  if (row.key in BODY_OVERRIDES) return BODY_OVERRIDES[row.key];
  const js = jsonSchemaOf(schema);
  const body = simplest(js) as Record<string, unknown>;
  for (const [key, prop] of Object.entries(js.properties ?? {})) {
    if (schema.safeParse(body).success) break;
    if (!(key in body)) body[key] = simplest(prop, key);
  }
  return body;
}

// ---------------------------------------------------------------- requests

function pathWith(row: RouteRow, value: (param: string, kind: ResourceKind | undefined) => string): string {
  let path = row.path;
  for (const name of pathParams(row)) path = path.replace(`{${name}}`, encodeURIComponent(value(name, resourceOf(row, name))));
  return path;
}

const ownersPath = (row: RouteRow) => pathWith(row, (_, kind) => (kind ? owned[kind] : 'swagger-ui.css'));
const missingPath = (row: RouteRow) => pathWith(row, (_, kind) => (kind === 'delivery' || kind === 'upload' ? randomUUID() : kind ? MISSING_ID : 'swagger-ui.css'));

/** As a token's holder, or as a browser of our origin with the session (cookie, Origin, CSRF token). */
async function call(row: RouteRow, path: string, credential: string | WebSession | undefined): Promise<RawResponse> {
  const body = validBody(row);
  const [token, headers] = typeof credential === 'object' ? [undefined, sessionHeaders(credential)] : [credential, undefined];
  return send({ method: row.method, path, token, headers, body: body === undefined ? undefined : { kind: 'json', value: body } });
}

function expectRefusal(res: RawResponse, status: number, what: string): void {
  expect(shapeProblems(res), `${what}: ${res.text}`).toEqual([]);
  expect(res.status, `${what}: ${res.text}`).toBe(status);
  expect(res.json.code, what).toBe(CODES[status]);
  if (status === 401) expect(res.headers['www-authenticate'], what).toBe('Bearer');
}

// ---------------------------------------------------------------- the matrix

interface Line {
  route: string;
  noCredential?: number;
  revoked?: number;
  endedSession?: number;
  /** By B's session, an administrator's session, and B's session on a missing id. */
  sessions?: string;
  foreign?: number | string;
  admin?: number | string;
  missing?: number | string;
}
const table = new Map<string, Line>(routeRows.map((row) => [row.key, { route: row.key }]));
const idRows = routeRows.filter((row) => pathParams(row).some((p) => resourceOf(row, p) !== undefined));
const takesRecordingIds = (row: RouteRow) => row.spec.body !== undefined && 'recording_ids' in (jsonSchemaOf(row.spec.body()).properties ?? {});
const answersPerItem = (row: RouteRow) => {
  const schema = row.spec.responses[200]?.schema;
  return schema !== undefined && 'results' in (jsonSchemaOf(schema()).properties ?? {});
};
/** Routes that act on recording ids in their body, answering per item (the batch routes). */
const bodyIdRows = routeRows.filter((row) => takesRecordingIds(row) && answersPerItem(row));
/** Routes that only narrow what they read to recording ids in their body (the library chat). */
const filterIdRows = routeRows.filter((row) => takesRecordingIds(row) && !answersPerItem(row));

describe('no route answers 2xx without a valid credential', () => {
  for (const row of routeRows) {
    it(`${row.key}`, async () => {
      const path = ownersPath(row);
      const open = row.spec.auth === 'docs' && settings().docsPublic;
      const anonymous = await call(row, path, undefined);
      const revoked = await call(row, path, revokedToken);
      const ended = await call(row, path, endedSession);
      Object.assign(table.get(row.key)!, { noCredential: anonymous.status, revoked: revoked.status, endedSession: ended.status });
      if (open) {
        // DOCS_PUBLIC=true: the explorer and the description are public on purpose, whatever is sent.
        expect([anonymous.status, revoked.status, ended.status]).toEqual([200, 200, 200]);
      } else {
        expectRefusal(anonymous, 401, `${row.key} without a credential`);
        expectRefusal(revoked, 401, `${row.key} with a revoked token`);
        expectRefusal(ended, 401, `${row.key} with the cookie of a session that was signed out`);
      }
    });
  }
});

describe('a valid credential on another user’s resource: 403; on none: 404', () => {
  it('covers every route that names a resource', () => {
    expect(idRows.length).toBeGreaterThan(30);
    for (const row of idRows) if (row.spec.body) expect(row.spec.body().safeParse(validBody(row)).success, `${row.key}: the matrix body must be valid`).toBe(true);
  });

  for (const row of idRows) {
    it(`${row.key}`, async () => {
      // Fresh users per route: their rate budgets never run out.
      const [stranger, admin] = await Promise.all([newUser(), newUser({ admin: true })]);
      const foreign = await call(row, ownersPath(row), stranger.token);
      const asAdmin = await call(row, ownersPath(row), admin.token);
      const missing = await call(row, missingPath(row), stranger.token);
      const [strangerSession, adminSession] = await Promise.all([newSession(stranger.user.id), newSession(admin.user.id)]);
      const bySession = [
        await call(row, ownersPath(row), strangerSession),
        await call(row, ownersPath(row), adminSession),
        await call(row, missingPath(row), strangerSession),
      ];
      Object.assign(table.get(row.key)!, { foreign: foreign.status, admin: asAdmin.status, missing: missing.status, sessions: bySession.map((r) => r.status).join('/') });
      expectRefusal(foreign, 403, `${row.key} by another user on A's ${ownersPath(row)}`);
      expectRefusal(asAdmin, 403, `${row.key} by an administrator on A's ${ownersPath(row)}`);
      expectRefusal(missing, 404, `${row.key} on ${missingPath(row)}, which does not exist`);
      expectRefusal(bySession[0]!, 403, `${row.key} by another user's session on A's ${ownersPath(row)}`);
      expectRefusal(bySession[1]!, 403, `${row.key} by an administrator's session on A's ${ownersPath(row)}`);
      expectRefusal(bySession[2]!, 404, `${row.key} by a session on ${missingPath(row)}, which does not exist`);
      expect(bySession.map((r) => r.json.error), 'the same messages as for a token').toEqual([foreign.json.error, asAdmin.json.error, missing.json.error]);
    });
  }

});

describe('recording ids in a body: another user’s and missing ones are refused item by item', () => {
  it('covers the batch routes', () => {
    expect(bodyIdRows.map((r) => r.key).sort()).toEqual(['DELETE /recordings/batch', 'PATCH /recordings/batch', 'POST /recordings/batch/transcribe']);
  });

  for (const row of bodyIdRows) {
    it(`${row.key}`, async () => {
      const [stranger, admin] = await Promise.all([newUser(), newUser({ admin: true })]);
      const body = { ...(validBody(row) as object), recording_ids: [Number(owned.recording), Number(MISSING_ID)] };
      expect(row.spec.body!().safeParse(body).success).toBe(true);
      const results: Record<string, string> = {};
      for (const [who, user] of [['foreign', stranger], ['admin', admin]] as const) {
        const res = await send({ method: row.method, path: row.path, token: user.token, body: { kind: 'json', value: body } });
        expect(res.status, res.text).toBe(200);
        expect(res.json.success, res.text).toBe(false);
        expect(res.json.results.map((r: { id: number; success: boolean }) => [r.id, r.success]), res.text).toEqual([
          [Number(owned.recording), false],
          [Number(MISSING_ID), false],
        ]);
        results[who] = `${res.status} ${res.json.results[0].error}`;
        results.missing = `${res.status} ${res.json.results[1].error}`;
      }
      Object.assign(table.get(row.key)!, results);
    });
  }
});

describe('recording ids as a filter: another user’s never reach the answer', () => {
  it('covers the library chat', () => {
    expect(filterIdRows.map((r) => r.key)).toEqual(['POST /chat']);
  });

  for (const row of filterIdRows) {
    it(`${row.key}`, async () => {
      const [stranger, admin] = await Promise.all([newUser(), newUser({ admin: true })]);
      const body = { ...(validBody(row) as object), message: SEGMENTS.map((s) => s.sentence).join(' '), recording_ids: [Number(owned.recording), Number(MISSING_ID)] };
      expect(row.spec.body!().safeParse(body).success).toBe(true);
      for (const user of [stranger, admin]) {
        const res = await send({ method: row.method, path: row.path, token: user.token, body: { kind: 'json', value: body } });
        expect(res.status, res.text).toBe(200);
        expect(res.json.sources, res.text).toEqual([]);
      }
      Object.assign(table.get(row.key)!, { foreign: '200 no sources', admin: '200 no sources', missing: '200 no sources' });
    });
  }
});

describe('a session and the tokens of a user', () => {
  it('spend one rate budget: requests by token then by cookie count against it, and the cookie gets the 429', async () => {
    const { user, token } = await newUser();
    const session = await newSession(user.id);
    // A window about to end would give the budget back halfway.
    const left = 60 - ((Date.now() / 1000) % 60);
    if (left < 15) await new Promise((r) => setTimeout(r, left * 1000 + 100));
    const read = (credential: string | WebSession) => send({ method: 'GET', path: '/users/me', ...(typeof credential === 'string' ? { token: credential } : { headers: sessionHeaders(credential) }) });
    const remaining: number[] = [];
    for (const credential of [token, session, token, session]) remaining.push(Number((await read(credential)).headers['x-ratelimit-remaining']));
    const limit = settings().rateLimits.read;
    expect(remaining).toEqual([limit - 1, limit - 2, limit - 3, limit - 4]);
    const window = windowAt(Date.now());
    await countRequest(user.id, 'read', window.start, window.resetAt + 60, limit - 4);
    const limited = await read(session);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect((await read(token)).status).toBe(429);
    expect(windowAt(Date.now()).start, 'all in one window').toBe(window.start);
  });
});

describe('afterwards', () => {
  it('left every resource of A as it was', async () => {
    expect(await ownerState()).toBe(ownerBefore);
  });
});

afterAll(() => {
  const header = ['route', 'no-cred', 'revoked', 'ended-session', 'foreign', 'admin', 'missing', 'sessions f/a/m'];
  const rows = [...table.values()].map((l) => [l.route, l.noCredential, l.revoked, l.endedSession, l.foreign, l.admin, l.missing, l.sessions].map((v) => String(v ?? '—')));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  const lines = [format(header), ...rows.map(format)];
  console.info(`authorisation matrix (DOCS_PUBLIC=${settings().docsPublic}; batch routes: per-item results for A's id and a missing id):\n${lines.join('\n')}`);
});
