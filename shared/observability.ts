// Metrics (CloudWatch EMF) and traces (X-Ray) of Powertools. On AWS the stack sets the
// namespace and turns tracing on; locally and in tests both stay quiet.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const metrics = new Metrics({ serviceName: 'verbatim' });
export const tracer = new Tracer({ serviceName: 'verbatim' });

/**
 * Publishes the metrics a request or batch added, if any. Powertools warns "No application
 * metrics to publish" on every empty flush; most requests add none, so an empty flush is skipped
 * (the cold-start metric is a single metric of its own, published when captured).
 */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
