// route(): a handler is one row of the route table plus a function from validated input to
// a response. The middleware order is the same for every route. Routes that change something
// are made with write-route.ts, which adds safe retries: a read's bundle carries none of that
// code, so it is granted nothing of what keeping answers needs (the secrets key).
//
// A handler names its row by the area's table (shared/routes/<area>.ts) and the key, never
// through the whole table (routes.ts): a function then loads the rows and schemas of its own
// area at cold start, not those of every route.
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { settings } from '../config.ts';
import type { RouteKey } from '../routes.ts';
import type { RouteSpec } from '../routes/spec.ts';
import { auth } from './middleware/auth.ts';
import { withBoundary, type HttpHandler } from './middleware/boundary.ts';
import { input, parsedInput } from './middleware/input.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import type { HttpResult } from './respond.ts';
import { requestState, type Caller } from './state.ts';

type Out<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;

/** An area's rows (shared/routes/<area>.ts) holding the row of key K. */
export type RouteTable<K extends RouteKey> = { readonly [P in K]: RouteSpec };

interface RouteContext<S> {
  /** Absent only on routes made public by a setting (the explorer with DOCS_PUBLIC=true). */
  readonly caller: S extends { auth: 'token' } ? Caller : Caller | undefined;
  readonly params: Out<S extends { params: () => infer P } ? P : undefined>;
  readonly query: Out<S extends { query: () => infer Q } ? Q : undefined>;
  readonly body: Out<S extends { body: () => infer B } ? B : undefined>;
  readonly event: APIGatewayProxyEventV2;
  readonly requestId: string;
}

/** Routes that change something: made with write-route.ts. */
export type WriteRouteKey = Extract<RouteKey, `${'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`>;
type ReadRouteKey = Exclude<RouteKey, WriteRouteKey>;
export type Handle<S> = (ctx: RouteContext<S>) => Promise<HttpResult>;
type Middleware = MiddlewareObj<APIGatewayProxyEventV2, HttpResult, Error, Context>;

/** A route's Lambda handler, carrying the key it was built for (a test matches it to the table row naming its module). */
export type RouteHandler = HttpHandler & { readonly routeKey: RouteKey };

/** A route that only reads: `route(accountRoutes, 'GET /users/me', handle)`. */
export function route<K extends ReadRouteKey, T extends RouteTable<K>>(table: T, key: K, handle: Handle<T[K]>): RouteHandler {
  return routeWith(table[key], key, handle, []);
}

/** The route's handler, with `extra` middleware between the rate limit and input parsing. */
export function routeWith<S extends RouteSpec>(spec: S, key: RouteKey, handle: Handle<S>, extra: readonly Middleware[]): RouteHandler {
  const isPublic = () => spec.auth === 'none' || (spec.auth === 'docs' && settings().docsPublic);
  let chain = middy<APIGatewayProxyEventV2, HttpResult, Error, Context>().use(auth(isPublic)).use(rateLimit(spec.rateClass));
  for (const middleware of extra) chain = chain.use(middleware);
  const handler = chain.use(input(spec)).handler(async (event) => {
    const state = requestState(event);
    const { params, query, body } = parsedInput(event);
    return handle({ caller: state.caller, params, query, body, event, requestId: state.requestId } as RouteContext<S>);
  });
  return Object.assign(withBoundary(key, handler as HttpHandler), { routeKey: key });
}
