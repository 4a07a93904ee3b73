// cdk-nag's AwsSolutions pack runs on synth (as app.ts attaches it) and finds nothing left
// unacknowledged; each acknowledgement has a reason and is needed: dropping one fails synth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NAG_ACKNOWLEDGEMENTS, type NagAcknowledgement } from '../../infra/aws/nag.ts';
import { allStatements, list, serviceFunctions, synth, SYNTH_TIMEOUT_MS, type Synthesized } from './synth.ts';

const AWS_PROVIDERS = { ASR_PROVIDER: 'aws-transcribe', LLM_PROVIDER: 'bedrock', LLM_MODEL: 'us.anthropic.claude-3-5-haiku-20241022-v1:0' };
const without = (drop: (a: NagAcknowledgement) => boolean) => NAG_ACKNOWLEDGEMENTS.filter((a) => !drop(a));

describe('cdk-nag', { timeout: SYNTH_TIMEOUT_MS }, () => {
  let dev: Synthesized;
  beforeAll(() => {
    dev = synth('dev', { nag: true, bundle: false });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => dev?.dispose());

  it('finds nothing unacknowledged in the dev stack', () => {
    expect(serviceFunctions(dev.template).length).toBeGreaterThan(40);
  });

  it('gives every acknowledgement a reason of its own', () => {
    const reasons = NAG_ACKNOWLEDGEMENTS.map((a) => a.reason);
    for (const r of reasons) expect(r.length).toBeGreaterThan(80);
    expect(new Set(reasons).size).toBe(reasons.length);
  });

  it('acknowledges only findings that exist, on the constructs where they arise', () => {
    // The provider ones apply only when the deployment chooses Transcribe or a Bedrock profile (tested below).
    const providers = (a: NagAcknowledgement) => a.reason.includes('inference profile') || a.reason.includes('Amazon Transcribe jobs');
    const unused = NAG_ACKNOWLEDGEMENTS.filter((a) => !providers(a) && a.findings(dev.stack).length === 0);
    expect(unused.map((a) => a.rule)).toEqual([]);
    // Never the whole stack or app: each finding names a construct inside it.
    for (const a of NAG_ACKNOWLEDGEMENTS) for (const f of a.findings(dev.stack)) expect(f.scope).not.toBe(dev.stack);
  });

  it('fails the synth when an acknowledgement is dropped', () => {
    expect(() => synth('dev', { nag: true, bundle: false, acknowledgements: without((a) => a.rule === 'AwsSolutions-S1') })).toThrow(/AwsSolutions-S1/);
    expect(() => synth('dev', { nag: true, bundle: false, acknowledgements: without((a) => a.reason.startsWith('Object-level actions')) })).toThrow(
      /AwsSolutions-IAM5\[Resource::<DataBucket[0-9A-F]{8}\.Arn>\/(audio|transcripts)\/\*\]/,
    );
  });

  it('passes prod stacks running Amazon Transcribe and Bedrock (cross-region profile), and OpenAI-compatible providers with their keys', () => {
    const aws = synth('prod', { nag: true, bundle: false, settings: AWS_PROVIDERS });
    try {
      const statements = allStatements(aws.resources).map((s) => s.statement);
      const invoke = statements.filter((s) => list(s.Action).includes('bedrock:InvokeModel'));
      expect(invoke.length).toBeGreaterThan(0);
      for (const s of invoke) expect(JSON.stringify(s.Resource)).toContain(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
      expect(statements.filter((s) => list(s.Action).includes('transcribe:StartTranscriptionJob')).length).toBeGreaterThan(0);
    } finally {
      aws.dispose();
    }
    const openai = synth('prod', { nag: true, bundle: false, settings: { ASR_PROVIDER: 'openai', LLM_PROVIDER: 'openai' } });
    try {
      const [, worker] = serviceFunctions(openai.template).find(([, f]) => (f.Properties!.Description as string).endsWith('workers/transcribe.ts'))!;
      expect(worker.Properties!.Environment.Variables).toMatchObject({ ASR_API_KEY_PARAMETER: '/verbatim/prod/asr-api-key' });
      expect(allStatements(openai.resources).filter((s) => list(s.statement.Action).includes('ssm:GetParameter')).length).toBeGreaterThan(0);
    } finally {
      openai.dispose();
    }
    // The same stack without the Bedrock acknowledgement is refused.
    expect(() => synth('prod', { nag: true, bundle: false, settings: AWS_PROVIDERS, acknowledgements: without((a) => a.reason.includes('inference profile')) })).toThrow(
      /bedrock:\*::foundation-model/,
    );
  });
});
