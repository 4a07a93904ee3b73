// The OpenAPI 3.0 description, generated from the route table's zod schemas.
import * as z from 'zod/mini';
import { EVENT_CATALOGUE, EVENT_TYPES } from '../domain/webhooks/catalogue.ts';
import { API_PREFIX, routeRows, type RouteRow } from '../routes.ts';
import { errorBody } from './schemas.ts';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const toSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema =>
  z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as JsonSchema;

const SECURITY = [{ bearerAuth: [] }, { apiTokenHeader: [] }, { legacyTokenHeader: [] }, { tokenQuery: [] }, { sessionCookie: [] }];

const ERROR_STATUSES: Record<number, string> = {
  400: 'Invalid parameters',
  401: 'Missing, invalid, expired or revoked token',
  403: 'Valid token, no permission for the resource',
  404: 'Resource does not exist',
  409: 'Conflict with the current state, or an Idempotency-Key still in use',
  413: 'Body too large',
  415: 'Unsupported content type',
  422: 'Idempotency-Key reused with a different request',
  429: 'Rate limit exceeded (see Retry-After)',
  500: 'Internal error',
};

function parameters(row: RouteRow) {
  const from = (schema: (() => z.ZodMiniType) | undefined, where: 'path' | 'query') => {
    if (!schema) return [];
    const json = toSchema(schema(), 'input');
    return Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      schema: property,
    }));
  };
  const keyHeader = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(row.method)
    ? [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255 }, description: 'Repeat the request safely: the first answer is replayed for 24 h' }]
    : [];
  return [...from(row.spec.params, 'path'), ...from(row.spec.query, 'query'), ...keyHeader];
}

/** Form fields are documented as strings; the `file` part as binary. */
function multipartSchema(schema: z.ZodMiniType): JsonSchema {
  const json = toSchema(schema, 'input');
  const file = json.properties?.file;
  if (file) json.properties!.file = { ...file, type: 'string', format: 'binary' };
  return json;
}

function operation(row: RouteRow) {
  const responses: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(row.spec.responses)) {
    const contentType = response.contentType ?? 'application/json';
    responses[status] = {
      description: response.description,
      ...(response.schema || contentType !== 'application/json'
        ? { content: { [contentType]: { schema: response.schema ? toSchema(response.schema(), 'output') : { type: 'string' } } } }
        : {}),
    };
  }
  for (const [status, description] of Object.entries(ERROR_STATUSES)) {
    responses[status] ??= { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  const body = row.spec.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(row.spec.body(), 'input') } } } }
    : row.spec.streamBody
      ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: multipartSchema(row.spec.streamBody()) } } } }
      : {};
  return {
    operationId: row.spec.handler.replace(/[/-](\w)/g, (_, c: string) => c.toUpperCase()),
    summary: row.spec.summary,
    ...(row.spec.description ? { description: row.spec.description } : {}),
    tags: [row.spec.tag],
    ...(row.spec.auth === 'none' ? { security: [] } : {}),
    parameters: parameters(row),
    ...body,
    responses,
    ...(row.spec.rateClass ? { 'x-rate-limit-class': row.spec.rateClass } : {}),
  };
}

export function openApiDocument(serverUrl = API_PREFIX): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const row of routeRows) {
    (paths[row.path] ??= {})[row.method.toLowerCase()] = operation(row);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Verbatim API',
      version: '1.0.0',
      description: 'Recording transcription service: upload, transcripts, summaries, tags, speakers, chat and signed webhooks.',
    },
    servers: [{ url: serverUrl }],
    security: SECURITY,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'Authorization: Bearer vbt_… (preferred)' },
        apiTokenHeader: { type: 'apiKey', in: 'header', name: 'X-API-Token' },
        legacyTokenHeader: { type: 'apiKey', in: 'header', name: 'API-Token' },
        tokenQuery: { type: 'apiKey', in: 'query', name: 'token', description: 'Less safe: URLs end up in logs' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'vb_session', description: 'Web session (POST /auth/sign-in); writes also need the X-CSRF-Token header' },
      },
      schemas: { Error: toSchema(errorBody(), 'output') },
    },
    paths,
    'x-webhooks': webhookDescriptions(),
  };
}

/** What the service POSTs to a webhook, one entry per type of the event catalogue (spec: Envelope). */
function webhookDescriptions(): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => {
      const envelope = z.object({
        id: z.string().check(z.describe('the delivery id (the same on every attempt)')),
        type: z.literal(type),
        timestamp: z.string().check(z.describe('when the event was committed, ISO 8601')),
        user_id: z.number(),
        data: EVENT_CATALOGUE[type].data(),
        replayed_from: z.optional(z.string().check(z.describe('the delivery this one replays'))),
      });
      const post = {
        summary: `${type}: ${EVENT_CATALOGUE[type].summary}`,
        description: 'Signed with the Signature header (sha256 HMAC of the exact body; Standard Webhooks headers too when enabled). Any 2xx acknowledges; 408, 429, 5xx and network errors are retried.',
        requestBody: { required: true, content: { 'application/json': { schema: toSchema(envelope, 'output') } } },
        responses: { '200': { description: 'Received' } },
      };
      return [type, { post }];
    }),
  );
}
