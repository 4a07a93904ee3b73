// The KMS key for secrets at rest (issue 16, item 2): created by the stack, with rotation, and
// usable (Encrypt/Decrypt, with the service's encryption context) by exactly the functions that
// seal or open a secret: every route that changes something (it keeps its answer for safe
// retries, sealed: the answer may hold a new token, a signing secret or a session), the
// delivery of webhooks, and the sweep (it seals secrets stored in clear). No route that only reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeRows } from '#shared/routes.ts';
import { synth, SYNTH_TIMEOUT_MS, type Synthesized } from './synth.ts';

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
type Resource = { Type: string; Properties: Record<string, any> };

let synthesized: Synthesized;

beforeAll(() => {
  synthesized = synth('dev', { bundle: false });
}, SYNTH_TIMEOUT_MS);
afterAll(() => synthesized?.dispose());

const resources = () => Object.entries(synthesized.resources as Record<string, Resource>);

describe('webhook secrets key', () => {
  it('is one rotating KMS key', () => {
    const keys = resources().filter(([, r]) => r.Type === 'AWS::KMS::Key');
    expect(keys).toHaveLength(1);
    expect(keys[0]![1].Properties.EnableKeyRotation).toBe(true);
  });

  it('is granted to the functions that seal or open a secret, and to no other', () => {
    // Each function's role holds its grants inline (functions.ts: the "Touches" policy).
    const statementsOf = (r: Resource): Statement[] => (r.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement as Statement[]);
    const roles = resources().filter(([, r]) => r.Type === 'AWS::IAM::Role');
    const withKms = roles.filter(([, r]) => statementsOf(r).some((s) => [s.Action].flat().some((a) => a.startsWith('kms:'))));
    const names = withKms.map(([id]) => id).sort();
    const writes = routeRows.filter((row) => /^(POST|PUT|PATCH|DELETE) /.test(row.key));
    expect(names.filter((n) => !/^(Post|Put|Patch|Delete)/.test(n)), names.join(', ')).toEqual([expect.stringMatching(/^ConsumerDeliverRole/), expect.stringMatching(/^PeriodicSweepRole/)]);
    expect(names.filter((n) => /^(Post|Put|Patch|Delete)/.test(n))).toHaveLength(writes.length);
    expect(names).toEqual(expect.arrayContaining([expect.stringMatching(/^PostTokensRole/), expect.stringMatching(/^PostWebhooksIdRotateSecretRole/), expect.stringMatching(/^PostAuthSignInRole/)]));
    for (const [, r] of withKms) {
      const kms = statementsOf(r).find((s) => [s.Action].flat().some((a) => a.startsWith('kms:')))!;
      expect([kms.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
      expect(kms.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'verbatim-webhook-secret' } });
    }
  });
});
