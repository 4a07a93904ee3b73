// route() for routes that change something: the same chain as a read (route.ts) plus safe
// retries with an Idempotency-Key (middleware/idempotency.ts), whose kept answers are sealed.
import { idempotency } from './middleware/idempotency.ts';
import { routeWith, type Handle, type RouteHandler, type RouteTable, type WriteRouteKey } from './route.ts';

/** A route that changes something: `route(accountRoutes, 'PUT /users/me', handle)`. */
export function route<K extends WriteRouteKey, T extends RouteTable<K>>(table: T, key: K, handle: Handle<T[K]>): RouteHandler {
  const spec = table[key];
  return routeWith(spec, key, handle, [idempotency(spec.streamBody !== undefined)]);
}
