// The layer rules of eslint.config.js fire: each planted crossing, linted as if it were a file
// of that layer, is refused by no-restricted-imports; the same import where the layers allow it
// passes.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const planted: [string, string, string, RegExp][] = [
  ['shared imports infra', 'shared/recordings/planted.ts', "import { x } from '../../infra/aws/stack.ts';", /never imports infra/],
  ['shared imports infra by alias', 'shared/store/planted.ts', "import { x } from '#infra/local/runtime.ts';", /never imports infra/],
  ['shared imports a function', 'shared/webhooks/planted.ts', "import { handler } from '../../functions/workers/deliver.ts';", /never imports infra\/ or functions/],
  ['the domain reads a file', 'shared/domain/planted.ts', "import { readFile } from 'node:fs/promises';", /domain is pure/],
  ['the domain opens a socket', 'shared/domain/webhooks/planted.ts', "import { connect } from 'node:net';", /domain is pure/],
  ['the domain calls AWS', 'shared/domain/planted.ts', "import { S3Client } from '@aws-sdk/client-s3';", /domain is pure/],
  ['the domain reaches a store', 'shared/domain/recordings/planted.ts', "import { x } from '../../store/recordings.ts';", /domain imports only the domain/],
  ['the domain reads settings', 'shared/domain/planted.ts', "import { settings } from '#shared/config.ts';", /domain imports only the domain/],
  ['a module reaches into an engine', 'shared/recordings/planted.ts', "import { x } from '../providers/llm/local/chat.ts';", /through providers\/registry/],
  ['a handler reaches into an engine', 'functions/api/planted.ts', "import { x } from '#shared/providers/asr/openai.ts';", /through providers\/registry/],
  ['a handler imports infra', 'functions/api/planted.ts', "import { x } from '#infra/local/runtime.ts';", /imports shared\/ only/],
];

const allowed: [string, string, string][] = [
  ['the domain within itself', 'shared/domain/recordings/planted.ts', "import { x } from '../transcript/text.ts';\nimport { y } from './status.ts';"],
  ['the domain names provider types', 'shared/domain/recordings/planted.ts', "import type { Segment } from '../../providers/types.ts';"],
  ['a module uses the registry', 'shared/recordings/planted.ts', "import { languageModel } from '../providers/registry.ts';"],
  ['a provider uses its own modules', 'shared/providers/llm/planted.ts', "import { x } from './local/chat.ts';\nimport { S3Client } from '@aws-sdk/client-s3';"],
  ['infra reads shared', 'infra/aws/planted.ts', "import { routeRows } from '../../shared/routes.ts';"],
];

describe('layer rules', { timeout: 60_000 }, () => {
  it.each(planted)('refuses a planted crossing: %s', async (_what, file, code, reason) => {
    const messages = await refusals(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(reason);
  });

  it.each(allowed)('lets through what the layers allow: %s', async (_what, file, code) => {
    expect(await refusals(file, code)).toEqual([]);
  });
});
