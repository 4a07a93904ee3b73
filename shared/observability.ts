// Metrics (CloudWatch EMF) and traces (X-Ray) of Powertools. On AWS the stack sets the
// namespace and turns tracing on; locally and in tests both stay quiet.
import { Metrics } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';

export const metrics = new Metrics({ serviceName: 'verbatim' });
export const tracer = new Tracer({ serviceName: 'verbatim' });
