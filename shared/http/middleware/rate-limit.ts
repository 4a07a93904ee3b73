// Per-user request budgets per class, counted in the database (decisions §3).
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { settings } from '../../config.ts';
import type { RateClass } from '../../domain/rate-limit.ts';
import { RateLimitedError } from '../../domain/errors.ts';
import { decide, windowAt } from '../../domain/rate-limit.ts';
import { countRequest } from '../../store/rate-counters.ts';
import { requestState } from '../state.ts';

export function rateLimit(rateClass: RateClass | null): MiddlewareObj<APIGatewayProxyEventV2> {
  return {
    before: async (request) => {
      const limit = rateClass ? settings().rateLimits[rateClass] : 0;
      const state = requestState(request.event);
      if (!rateClass || limit === 0 || !state.caller) return;
      const nowMs = Date.now();
      const window = windowAt(nowMs);
      // The item outlives its window a little so a late reader never sees a fresh count.
      const count = await countRequest(state.caller.userId, rateClass, window.start, window.resetAt + 60);
      const decision = decide(rateClass, limit, count, window, nowMs);
      Object.assign(state.headers, decision.headers);
      if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, {});
    },
  };
}
