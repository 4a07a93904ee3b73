// Invoking a handler in-process the way the local gateway does: an API Gateway v2 event
// (infra/local/gateway.ts toEvent) and a Lambda context (infra/local/lambda-context.mjs).
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { lambdaContext } from '../../../infra/local/lambda-context.mjs';
import { API_PREFIX } from '#shared/routes.ts';
import { summarize, type Summary } from './stats.ts';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<{ statusCode?: number }>;

/** A payload-format-2.0 event for a route without path parameters or body. */
export function apiEvent(method: string, path: string, headers: Record<string, string>): APIGatewayProxyEventV2 {
  const now = new Date();
  const rawPath = `${API_PREFIX}${path}`;
  const routeKey = `${method} ${rawPath}`;
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: { host: 'localhost', 'user-agent': 'bench', ...headers },
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
}

/** Invokes `count` times one after another; every call must answer `expectStatus`. */
export async function invokeSequentially(handler: Handler, makeEvent: () => APIGatewayProxyEventV2, count: number, expectStatus = 200): Promise<Summary> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const event = makeEvent();
    const context = lambdaContext('bench', 29, event.requestContext.requestId);
    const started = performance.now();
    const result = await handler(event, context);
    latencies.push(performance.now() - started);
    if (result.statusCode !== expectStatus) throw new Error(`invocation ${i} answered ${result.statusCode}, expected ${expectStatus}`);
  }
  return summarize(latencies);
}
