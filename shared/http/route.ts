// route(): a handler is one row of the route table plus a function from validated input to
// a response. The middleware order is the same for every route. Routes that change something
// are made with write-route.ts, which adds safe retries: a read's bundle carries none of that
// code, so it is granted nothing of what keeping answers needs (the secrets key).
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import { settings } from '../config.ts';
import { routes, type RouteKey, type Routes } from '../routes.ts';
import { auth } from './middleware/auth.ts';
import { withBoundary, type HttpHandler } from './middleware/boundary.ts';
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

/** Routes that change something: made with write-route.ts. */
export type WriteRouteKey = Extract<RouteKey, `${'POST' | 'PUT' | 'PATCH' | 'DELETE'} ${string}`>;
type ReadRouteKey = Exclude<RouteKey, WriteRouteKey>;
type Handle<K extends RouteKey> = (ctx: RouteContext<K>) => Promise<HttpResult>;
type Middleware = MiddlewareObj<APIGatewayProxyEventV2, HttpResult, Error, Context>;

/** A route's Lambda handler, carrying the key it was built for (a test matches it to the table row naming its module). */
export type RouteHandler = HttpHandler & { readonly routeKey: RouteKey };

/** A route that only reads. */
export function route<K extends ReadRouteKey>(key: K, handle: Handle<K>): RouteHandler {
  return routeWith(key, handle, []);
}

/** The route's handler, with `extra` middleware between the rate limit and input parsing. */
export function routeWith<K extends RouteKey>(key: K, handle: Handle<K>, extra: readonly Middleware[]): RouteHandler {
  const spec = routes[key];
  const isPublic = () => spec.auth === 'none' || (spec.auth === 'docs' && settings().docsPublic);
  let chain = middy<APIGatewayProxyEventV2, HttpResult, Error, Context>().use(auth(isPublic)).use(rateLimit(spec.rateClass));
  for (const middleware of extra) chain = chain.use(middleware);
  const handler = chain.use(input(spec)).handler(async (event) => {
    const state = requestState(event);
    const { params, query, body } = parsedInput(event);
    return handle({ caller: state.caller, params, query, body, event, requestId: state.requestId } as RouteContext<K>);
  });
  return Object.assign(withBoundary(key, handler as HttpHandler), { routeKey: key });
}
