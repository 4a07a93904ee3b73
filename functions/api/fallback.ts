// API Gateway's $default route (and the local gateway's): every request no row matches gets
// 404, or 405 when the path exists with other methods, in the one error shape.
import { MethodNotAllowedError, NotFoundError } from '#shared/domain/errors.ts';
import { withBoundary } from '#shared/http/middleware/boundary.ts';
import { matchRoute } from '#shared/http/match.ts';

export const handler = withBoundary('$default', async (event) => {
  const match = matchRoute(event.requestContext.http.method, event.rawPath);
  if (match.kind === 'method-not-allowed') throw new MethodNotAllowedError(match.allowed);
  throw new NotFoundError(`No route for ${event.requestContext.http.method} ${event.rawPath}`);
});
