// Body parsing and validation of params, query and body against the route row's schemas.
import type { MiddlewareObj } from '@middy/core';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod/mini';
import { settings } from '../../config.ts';
import { BadRequestError, PayloadTooLargeError, ValidationError, type ErrorDetail } from '../../domain/errors.ts';
import { NOT_UTF8, rawQueryIssues, textIssues, utf8Text } from '../../domain/text.ts';
import type { RouteSpec } from '../../routes.ts';
import { lazySchema } from '../lazy-schema.ts';
import '../messages.ts';

export interface ParsedInput {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}

const parsedInputs = new WeakMap<APIGatewayProxyEventV2, ParsedInput>();

export function parsedInput(event: APIGatewayProxyEventV2): ParsedInput {
  return parsedInputs.get(event) ?? { params: {}, query: {}, body: undefined };
}

export function input(spec: RouteSpec): MiddlewareObj<APIGatewayProxyEventV2> {
  // The row's schemas, built at the first request that needs them and kept for the next.
  const schemas = { params: keep(spec.params), query: keep(spec.query), body: keep(spec.body) };
  const jsonParser = httpJsonBodyParser();
  const readBody = async (request: Request): Promise<unknown> => {
    const event = request.event;
    const raw = event.body ?? '';
    const size = event.isBase64Encoded ? Math.floor((raw.length * 3) / 4) : Buffer.byteLength(raw);
    const limit = settings().maxJsonBodyBytes;
    if (size > limit) throw new PayloadTooLargeError(`Request body is larger than ${limit} bytes`, { max_size_bytes: limit });
    // Bytes a gateway passed as they came (base64) are decoded strictly: U+FFFD must not stand in for them.
    const text = event.isBase64Encoded ? utf8Text(Buffer.from(raw, 'base64')) : raw;
    if (text === undefined) throw new ValidationError(`Invalid request: body ${NOT_UTF8}`, [{ path: 'body', message: NOT_UTF8 }]);
    if (text.trim() === '') return spec.body ? {} : undefined;
    // The parser replaces event.body; it works on a copy so the raw body stays what the
    // idempotency check fingerprints before and after the handler.
    const copy = { ...request, event: { ...event, body: text, isBase64Encoded: false } };
    await jsonParser.before!(copy as never);
    return copy.event.body;
  };
  return {
    before: async (request) => {
      const event = request.event;
      // A route without a body refuses one (an empty object aside) instead of ignoring it.
      const body = spec.streamBody ? undefined : await readBody(request);
      if (!spec.body && body !== undefined && !isEmptyObject(body)) throw new BadRequestError('This route takes no request body');
      refuseBadText(event, body);
      const problems: ErrorDetail[] = [];
      const check = async (schema: z.ZodMiniType | undefined, value: unknown, where: string) => {
        if (!schema) return value;
        const result = await schema.safeParseAsync(value ?? {});
        if (result.success) return result.data;
        problems.push(...result.error.issues.map((issue) => describeIssue(issue, where)));
        return undefined;
      };
      const parsed = {
        params: await check(schemas.params?.(), event.pathParameters, 'path'),
        query: await check(schemas.query?.(), event.queryStringParameters, 'query'),
        body: await check(schemas.body?.(), body, 'body'),
      };
      if (problems.length > 0) throw new ValidationError(`Invalid request: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, problems);
      parsedInputs.set(event, parsed);
    },
  };
}

const keep = (build: (() => z.ZodMiniType) | undefined) => (build ? lazySchema(build) : undefined);

type Request = Parameters<NonNullable<MiddlewareObj<APIGatewayProxyEventV2>['before']>>[0];

const isEmptyObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 0;

/** Every text of every route: ill-formed Unicode and control characters are a 400, wherever they are. */
function refuseBadText(event: APIGatewayProxyEventV2, body: unknown): void {
  const issues = [...textIssues(event.pathParameters ?? {}), ...rawQueryIssues(event.rawQueryString ?? ''), ...textIssues(event.queryStringParameters ?? {}), ...textIssues(body)];
  if (issues.length > 0) throw new ValidationError(`Invalid request: ${issues.map((p) => `${p.path || 'body'} ${p.message}`).join('; ')}`, issues.map((p) => ({ path: p.path || 'body', message: p.message })));
}

function describeIssue(issue: z.core.$ZodIssue, where: string): ErrorDetail {
  const path = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.map(String).join('.');
  return { path: path || where, message: issue.message };
}
