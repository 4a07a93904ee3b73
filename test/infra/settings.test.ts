// What an operator sets per deployment (app.ts context): CORS origins for a browser explorer
// on another origin, stage throttling, log retention, the alarm e-mail, table deletion
// protection, and the service's own settings, checked with the service's own parser.
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORS_HEADERS } from '../../infra/aws/api.ts';
import { serviceFunctions, synth, SYNTH_TIMEOUT_MS, type Synthesized } from './synth.ts';

describe('a dev stack with its settings', { timeout: SYNTH_TIMEOUT_MS }, () => {
  let s: Synthesized;
  beforeAll(() => {
    s = synth('dev', {
      bundle: false,
      corsOrigins: ['https://explorer.example.com'],
      throttle: { rateLimit: 20, burstLimit: 40 },
      logRetention: RetentionDays.ONE_WEEK,
      alarmEmail: 'oncall@example.com',
      deletionProtection: true,
      settings: { LOG_LEVEL: 'DEBUG', WEBHOOK_MAX_ATTEMPTS: '7' },
    });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => s?.dispose());

  const ofType = (type: string) => Object.values(s.resources).filter((r) => r.Type === type);

  it('answers CORS preflights for the given origins with the methods and headers the API uses', () => {
    expect(ofType('AWS::ApiGatewayV2::Api')[0]!.Properties!.CorsConfiguration).toEqual({
      AllowOrigins: ['https://explorer.example.com'],
      AllowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      AllowHeaders: CORS_HEADERS,
      ExposeHeaders: expect.arrayContaining(['x-request-id', 'retry-after']),
      MaxAge: 3600,
    });
    expect(CORS_HEADERS).toEqual(['authorization', 'content-type', 'idempotency-key', 'x-api-token', 'api-token']);
  });

  it('throttles the stage, keeps logs as long as asked, mails the alarms and protects the table', () => {
    expect(ofType('AWS::ApiGatewayV2::Stage')[0]!.Properties!.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 20, ThrottlingBurstLimit: 40 });
    for (const group of ofType('AWS::Logs::LogGroup')) expect(group.Properties!.RetentionInDays).toBe(7);
    expect(ofType('AWS::SNS::Subscription')).toEqual([expect.objectContaining({ Properties: expect.objectContaining({ Protocol: 'email', Endpoint: 'oncall@example.com' }) })]);
    expect(ofType('AWS::DynamoDB::GlobalTable')[0]!.Properties!.Replicas[0].DeletionProtectionEnabled).toBe(true);
  });

  it('passes the settings to every function, and refuses bad or unknown ones at synth', () => {
    for (const [id, fn] of serviceFunctions(s.template)) {
      expect(fn.Properties!.Environment.Variables, id).toMatchObject({ LOG_LEVEL: 'DEBUG', WEBHOOK_MAX_ATTEMPTS: '7', POWERTOOLS_METRICS_NAMESPACE: 'Verbatim/dev' });
    }
    expect(() => synth('dev', { bundle: false, settings: { WEBHOOK_MAX_ATTEMPTS: 'lots' } })).toThrow(/WEBHOOK_MAX_ATTEMPTS/);
    expect(() => synth('dev', { bundle: false, settings: { NOT_A_SETTING: '1' } })).toThrow(/unknown settings in context: NOT_A_SETTING/);
    expect(() => synth('dev', { bundle: false, corsOrigins: ['https://example.com/path'] })).toThrow(/not an origin/);
  });
});
