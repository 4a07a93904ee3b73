// The KMS key for webhook secrets (issue 16, item 2): created by the stack, with rotation, and
// usable (Encrypt/Decrypt, with the service's encryption context) by exactly the functions that
// seal or open a secret: creating a webhook, rotating its secret, and delivering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    // POST /webhooks, POST /webhooks/{id}/rotate-secret and the deliveries consumer.
    expect(names, names.join(', ')).toEqual([expect.stringMatching(/^ConsumerDeliverRole/), expect.stringMatching(/^PostWebhooksIdRotateSecretRole/), expect.stringMatching(/^PostWebhooksRole/)]);
    for (const [, r] of withKms) {
      const kms = statementsOf(r).find((s) => [s.Action].flat().some((a) => a.startsWith('kms:')))!;
      expect([kms.Action].flat().sort()).toEqual(['kms:Decrypt', 'kms:Encrypt']);
      expect(kms.Condition).toEqual({ StringEquals: { 'kms:EncryptionContext:purpose': 'verbatim-webhook-secret' } });
    }
  });
});
