// The outermost layer of every route: gives the request its id, turns every error into the
// error shape, adds the headers every response carries, and writes the request's one log
// line. It wraps the middy chain rather than joining it, because a middleware that answers
// early (an idempotent replay) makes middy skip the other middlewares' `after` steps.
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { logger } from '../../logger.ts';
import { flushMetrics, metrics } from '../../observability.ts';
import { commitsSettled } from '../../store/after-commit.ts';
import { errorResult } from '../errors.ts';
import type { HttpResult } from '../respond.ts';
import { beginRequest, type RequestState } from '../state.ts';

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

export function withBoundary(routeKey: string, inner: HttpHandler): HttpHandler {
  return async (event, context) => {
    const requestId = event.requestContext?.requestId || context?.awsRequestId || randomUUID();
    const state = beginRequest(event, requestId, Date.now());
    if (context) logger.addContext(context);
    logger.setCorrelationId(requestId);
    metrics.captureColdStartMetric();
    let response: HttpResult;
    try {
      response = await inner(event, context);
    } catch (error) {
      const { result, expected } = errorResult(error, requestId);
      if (!expected) logger.error('request failed', { request_id: requestId, error });
      response = result;
    }
    // What followed a commit (the postings of a renamed recording) is done before the answer.
    await commitsSettled();
    const done = finish(event, response, state, routeKey);
    flushMetrics();
    return done;
  };
}

function finish(event: APIGatewayProxyEventV2, response: HttpResult, state: RequestState, routeKey: string): HttpResult {
  const done = { ...response, headers: { ...response.headers, ...state.headers, 'X-Request-Id': state.requestId } };
  logger.info('request', {
    request_id: state.requestId,
    route: routeKey,
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    status: done.statusCode,
    duration_ms: Date.now() - state.startedAt,
    user_id: state.caller?.userId,
  });
  return done;
}
