// The CDK app (cdk.json: `npx tsx infra/aws/app.ts`). Synth needs no network and no
// credentials: the environment is explicit, nothing is looked up, bundling is local. cdk-nag's
// AwsSolutions checks run on every synth; an unacknowledged finding fails it (see nag.ts).
//
// Context (-c key=value, or cdk.json "context"):
//   stage               dev (default) | prod | any lower-case name; prod retains data and
//                       protects the table from deletion
//   account, region     default CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION (000000000000 / us-east-1 offline)
//   settings            TUNABLE_SETTINGS values, an object or a JSON string: -c settings='{"LOG_LEVEL":"DEBUG"}'
//   corsOrigins         browser origins allowed to call the API, comma-separated; none by default
//   throttleRate, throttleBurst   API stage throttling (default 100 requests/s, burst 200)
//   logRetentionDays    of every log group (default 30; a CloudWatch Logs retention value)
//   alarmEmail          subscribed to the alarm topic
//   parameterPrefix     SSM path of the provider keys (default /verbatim/<stage>)
//   deletionProtection  true | false (default: true in prod only)
import { App, Validations } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { DEFAULT_THROTTLE } from './api.ts';
import { TUNABLE_SETTINGS, VerbatimStack } from './stack.ts';

const app = new App();
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

const stage = context('stage') ?? 'dev';
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(`context stage "${stage}" must be lower-case letters, digits and dashes (at most 20)`);
}
const account = context('account') ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000';
const region = context('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1';

new VerbatimStack(app, `Verbatim-${stage}`, {
  stage,
  env: { account, region },
  settings: contextSettings(app.node.tryGetContext('settings')),
  corsOrigins: (context('corsOrigins') ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  throttle: {
    rateLimit: positive('throttleRate', DEFAULT_THROTTLE.rateLimit),
    burstLimit: positive('throttleBurst', DEFAULT_THROTTLE.burstLimit),
  },
  logRetention: retention(positive('logRetentionDays', RetentionDays.ONE_MONTH)),
  alarmEmail: context('alarmEmail'),
  parameterPrefix: context('parameterPrefix'),
  deletionProtection: flag('deletionProtection'),
  description: `Verbatim transcription service (${stage})`,
  tags: { app: 'verbatim', stage },
});

function contextSettings(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null || raw === '') return {};
  const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`context settings must be an object of ${TUNABLE_SETTINGS.join(', ')}`);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

function positive(key: string, fallback: number): number {
  const raw = context(key);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`context ${key} must be a positive whole number, got "${raw}"`);
  return n;
}

function retention(days: number): RetentionDays {
  const allowed = Object.values(RetentionDays).filter((v): v is number => typeof v === 'number');
  if (!allowed.includes(days)) throw new Error(`context logRetentionDays must be one of ${allowed.join(', ')}, got ${days}`);
  return days as RetentionDays;
}

function flag(key: string): boolean | undefined {
  const raw = context(key);
  if (raw === undefined) return undefined;
  if (raw !== 'true' && raw !== 'false') throw new Error(`context ${key} must be true or false, got "${raw}"`);
  return raw === 'true';
}
