// Metrics (CloudWatch EMF) of Powertools. On AWS the stack sets the namespace; locally and in
// tests they stay quiet. Traces come from Lambda's active tracing (each invocation's segment,
// init included) and carry to the logs as xray_trace_id (shared/logger.ts): no X-Ray SDK is
// loaded, because its cls-hooked context tracks every promise of every request (async hooks)
// and its code is a quarter of a plain route's init.
import { Metrics } from '@aws-lambda-powertools/metrics';

export const metrics = new Metrics({ serviceName: 'verbatim' });

/**
 * Publishes the metrics a request or batch added, if any. Powertools warns "No application
 * metrics to publish" on every empty flush; most requests add none, so an empty flush is skipped
 * (the cold-start metric is a single metric of its own, published when captured).
 */
export function flushMetrics(): void {
  if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
}
