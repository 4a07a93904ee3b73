// route(): a handler is one row of the route table plus a function from validated input to
// a response. The middleware order is the same for every route.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { settings } from '../config.ts';
import { routes, type RouteKey, type Routes } from '../routes.ts';
import { auth } from './middleware/auth.ts';
import { withBoundary, type HttpHandler } from './middleware/boundary.ts';
import { idempotency } from './middleware/idempotency.ts';
import { input, parsedInput } from './middleware/input.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import type { HttpResult } from './respond.ts';
import { requestState, type Caller } from './state.ts';

type Out<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

export interface RouteContext<K extends RouteKey> {
  /** Absent only on routes made public by a setting (the explorer with DOCS_PUBLIC=true). */
  readonly caller: Routes[K] extends { auth: 'token' } ? Caller : Caller | undefined;
  readonly params: Out<Routes[K] extends { params: infer P } ? P : undefined>;
  readonly query: Out<Routes[K] extends { query: infer Q } ? Q : undefined>;
  readonly body: Out<Routes[K] extends { body: infer B } ? B : undefined>;
  readonly event: APIGatewayProxyEventV2;
  readonly requestId: string;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A route's Lambda handler, carrying the key it was built for (a test matches it to the table row naming its module). */
export type RouteHandler = HttpHandler & { readonly routeKey: RouteKey };

export function route<K extends RouteKey>(key: K, handle: (ctx: RouteContext<K>) => Promise<HttpResult>): RouteHandler {
  const spec = routes[key];
  const method = key.split(' ')[0]!;
  const isPublic = () => spec.auth === 'none' || (spec.auth === 'docs' && settings().docsPublic);
  let chain = middy<APIGatewayProxyEventV2, HttpResult, Error, Context>().use(auth(isPublic)).use(rateLimit(spec.rateClass));
  if (MUTATING.has(method)) chain = chain.use(idempotency('streamBody' in spec));
  const handler = chain.use(input(spec)).handler(async (event) => {
    const state = requestState(event);
    const { params, query, body } = parsedInput(event);
    return handle({ caller: state.caller, params, query, body, event, requestId: state.requestId } as RouteContext<K>);
  });
  return Object.assign(withBoundary(key, handler as HttpHandler), { routeKey: key });
}
