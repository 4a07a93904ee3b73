// The HTTP API in front of the route functions: one $default stage with throttling and JSON
// access logs (with API Gateway's request id, which the service echoes as X-Request-Id), and
// CORS for the API explorer when it is opened from another origin.
//
// CORS: with no origins configured there is no CORS at all, and none is needed for the
// explorer served by the API itself (GET /api/v1/docs is on the API's own origin). Set the
// context `corsOrigins` (e.g. -c corsOrigins=https://explorer.example.com,https://app.example.com)
// to let pages on other origins call the API from a browser.
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { CorsHttpMethod, HttpApi, HttpStage, LogGroupLogDestination, type CorsPreflightOptions } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface ApiThrottle {
  /** Steady requests per second across the stage. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export const DEFAULT_THROTTLE: ApiThrottle = { rateLimit: 100, burstLimit: 200 };

export const CORS_HEADERS = ['authorization', 'content-type', 'idempotency-key', 'x-api-token', 'api-token'];
/** What a browser script may read from the answers (the rest is plain JSON). */
const EXPOSED_HEADERS = ['x-request-id', 'idempotent-replayed', 'retry-after', 'ratelimit-policy', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

export interface ServiceApiProps {
  readonly apiName: string;
  readonly description: string;
  /** The $default route's function (404 for anything outside the route table). */
  readonly fallback: IFunction;
  readonly corsOrigins: readonly string[];
  readonly throttle: ApiThrottle;
  readonly logRetention: RetentionDays;
  readonly removalPolicy: RemovalPolicy;
}

export class ServiceApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceApiProps) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', {
      apiName: props.apiName,
      description: props.description,
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('FallbackIntegration', props.fallback),
      corsPreflight: cors(props.corsOrigins),
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention, removalPolicy: props.removalPolicy });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: ACCESS_LOG_FORMAT },
    });
  }
}

function cors(origins: readonly string[]): CorsPreflightOptions | undefined {
  if (origins.length === 0) return undefined;
  for (const o of origins) {
    if (o !== '*' && !/^https?:\/\/[^/\s]+$/.test(o)) throw new Error(`corsOrigins: "${o}" is not an origin (scheme://host[:port], no path)`);
  }
  return {
    allowOrigins: [...origins],
    allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.PATCH, CorsHttpMethod.DELETE],
    allowHeaders: CORS_HEADERS,
    exposeHeaders: EXPOSED_HEADERS,
    maxAge: Duration.hours(1),
  };
}

/** One JSON line per request; requestId is the id the service answers with (X-Request-Id). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    ip: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    method: '$context.httpMethod',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);
