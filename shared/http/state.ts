// Per-request state shared by the middlewares of one invocation.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

export interface Caller {
  readonly userId: number;
  /** The API token used, or null for a web session. */
  readonly tokenId: number | null;
  /** The web session used (its SHA-256 and CSRF token), when the cookie authenticated. */
  readonly session?: { readonly hash: string; readonly csrfToken: string };
}

export interface RequestState {
  readonly requestId: string;
  readonly startedAt: number;
  caller?: Caller;
  /** Headers every response of this request carries, success or error (rate-limit fields). */
  readonly headers: Record<string, string>;
}

const states = new WeakMap<APIGatewayProxyEventV2, RequestState>();

export function beginRequest(event: APIGatewayProxyEventV2, requestId: string, now: number): RequestState {
  const state: RequestState = { requestId, startedAt: now, headers: {} };
  states.set(event, state);
  return state;
}

export function requestState(event: APIGatewayProxyEventV2): RequestState {
  const state = states.get(event);
  if (!state) throw new Error('Request state used before the boundary middleware ran');
  return state;
}

/**
 * The caller is also written where API Gateway puts a Lambda authorizer's context, which is
 * where the idempotency utility's key expression finds the user.
 */
export function setCaller(event: APIGatewayProxyEventV2, caller: Caller): void {
  requestState(event).caller = caller;
  const context = event.requestContext as unknown as { authorizer?: { lambda?: Record<string, unknown> } };
  context.authorizer = { lambda: { user_id: caller.userId, token_id: caller.tokenId } };
}
