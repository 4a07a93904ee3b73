// The CDK app (cdk.json: `npx tsx infra/aws/app.ts`). Synth needs no network and no
// credentials: the environment is explicit, nothing is looked up, bundling is local.
//
// Context: stage (default "dev"), account, region, settings (an object, or a JSON string
// with -c, of TUNABLE_SETTINGS values, e.g. -c settings='{"LOG_LEVEL":"DEBUG"}').
import { App } from 'aws-cdk-lib';
import { TUNABLE_SETTINGS, VerbatimStack } from './stack.ts';

const app = new App();

const stage = String(app.node.tryGetContext('stage') ?? 'dev');
if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
  throw new Error(`context stage "${stage}" must be lower-case letters, digits and dashes (at most 20)`);
}
const account = String(app.node.tryGetContext('account') ?? process.env.CDK_DEFAULT_ACCOUNT ?? '000000000000');
const region = String(app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? 'us-east-1');

new VerbatimStack(app, `Verbatim-${stage}`, {
  stage,
  env: { account, region },
  settings: contextSettings(app.node.tryGetContext('settings')),
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
