// route() for routes that change something: the same chain as a read (route.ts) plus safe
// retries with an Idempotency-Key (middleware/idempotency.ts), whose kept answers are sealed.
import { routes } from '../routes.ts';
import { idempotency } from './middleware/idempotency.ts';
import { routeWith, type RouteContext, type RouteHandler, type WriteRouteKey } from './route.ts';
import type { HttpResult } from './respond.ts';

export function route<K extends WriteRouteKey>(key: K, handle: (ctx: RouteContext<K>) => Promise<HttpResult>): RouteHandler {
  return routeWith(key, handle, [idempotency('streamBody' in routes[key])]);
}
