// Powertools prints "No application metrics to publish…" on every empty flush: a route or a
// queue batch that added no metric must print nothing, and one that did must publish it.
import type { APIGatewayProxyEventV2, Context, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withBoundary } from '../../shared/http/middleware/boundary.ts';
import { metrics } from '../../shared/observability.ts';
import { sqsWorker } from '../../shared/pipeline/sqs-worker.ts';
import * as z from 'zod/mini';

const event = { rawPath: '/x', headers: {}, requestContext: { requestId: 'r-1', http: { method: 'GET', path: '/x' } } } as unknown as APIGatewayProxyEventV2;
const context = { awsRequestId: 'a-1', functionName: 'f' } as Context;

describe('metrics flush', () => {
  let written: string[];
  beforeEach(() => {
    written = [];
    const capture = (chunk: unknown) => (written.push(String(chunk)), true);
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(console, 'warn').mockImplementation((...a: unknown[]) => void written.push(a.join(' ')));
  });
  afterEach(() => vi.restoreAllMocks());

  it('says nothing after a request or a batch that added no metric', async () => {
    await withBoundary('GET /x', async () => ({ statusCode: 200, headers: {}, body: '{}' }))(event, context);
    await sqsWorker('w', z.unknown(), async () => undefined)({ Records: [{ messageId: 'm', body: '{}' }] } as SQSEvent, context);
    expect(written.filter((line) => line.includes('No application metrics'))).toEqual([]);
  });

  it('publishes the metrics a request added', async () => {
    const publish = vi.spyOn(metrics, 'publishStoredMetrics');
    await withBoundary('GET /x', async () => {
      metrics.addMetric('Thing', 'Count', 1);
      return { statusCode: 200, headers: {}, body: '{}' };
    })(event, context);
    expect(publish).toHaveBeenCalledTimes(1);
    expect(metrics.hasStoredMetrics()).toBe(false);
  });
});
