// The KMS key for secrets at rest (issue 16, item 2): created by the stack, with rotation, and
// usable per purpose (the encryption context) by exactly the functions that seal or open one:
// webhook secrets are sealed (Encrypt) by the routes that make them and by the sweep (it seals
// secrets stored in clear) and opened (Decrypt) by the functions that deliver: the delivery
// consumer and the two events consumers, whose fan-out makes the first attempts; answers kept for safe
// retries (which may hold a new token, a signing secret or a session) are sealed and opened by
// every route that changes something. No route that only reads gets any.
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

  it('is granted per purpose: webhook secrets sealed where made, opened only where delivered (the delivery and events consumers); kept answers by the routes that keep them', () => {
    // Each function's role holds its grants inline (functions.ts: the "Touches" policy).
    const statementsOf = (r: Resource): Statement[] => (r.Properties.Policies ?? []).flatMap((p: any) => p.PolicyDocument.Statement as Statement[]);
    const roles = resources().filter(([, r]) => r.Type === 'AWS::IAM::Role');
    const kmsOf = (r: Resource) =>
      statementsOf(r)
        .filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')))
        .map((s) => `${(s.Condition as any)?.StringEquals?.['kms:EncryptionContext:purpose']}: ${[s.Action].flat().sort().join(' ')}`)
        .sort();
    const grants = new Map(roles.map(([id, r]) => [id.replace(/Role[0-9A-F]{8}$/, ''), kmsOf(r)]));
    const webhook = (id: string) => (grants.get(id) ?? []).filter((g) => g.startsWith('verbatim-webhook-secret'));
    const deliverers = ['ConsumerDeliver', 'ConsumerEvents', 'ConsumerEventsOverflow'];
    for (const id of deliverers) expect(webhook(id), id).toEqual(['verbatim-webhook-secret: kms:Decrypt']);
    for (const id of ['PostWebhooks', 'PostWebhooksIdRotateSecret', 'PeriodicSweep']) expect(webhook(id), id).toEqual(['verbatim-webhook-secret: kms:Encrypt']);
    const opensWebhookSecrets = [...grants].filter(([, g]) => g.some((x) => x.startsWith('verbatim-webhook-secret') && x.includes('Decrypt'))).map(([id]) => id);
    expect(opensWebhookSecrets.sort()).toEqual([...deliverers].sort());
    const writes = routeRows.filter((row) => /^(POST|PUT|PATCH|DELETE) /.test(row.key)).length;
    const keepers = [...grants].filter(([, g]) => g.includes('verbatim-kept-answer: kms:Decrypt kms:Encrypt')).map(([id]) => id);
    expect(keepers.every((id) => /^(Post|Put|Patch|Delete)/.test(id)), keepers.join(', ')).toBe(true);
    expect(keepers).toHaveLength(writes);
    const others = [...grants].filter(([id, g]) => g.length > 0 && !keepers.includes(id) && ![...deliverers, 'PeriodicSweep'].includes(id));
    expect(others, JSON.stringify(others)).toEqual([]);
  });
});
