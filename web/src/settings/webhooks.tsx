// Webhooks: the list, and a form to add one (its secret is shown once).
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Section, useAction } from '../components/form.tsx';
import { SecretOnce } from './tokens.tsx';
import { WebhookForm, type Webhook, type WebhookInput } from './webhook-form.tsx';

export function WebhooksSection() {
  const [webhooks, setWebhooks] = useState<Webhook[]>([]);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const { error, run } = useAction();
  const reload = async () => {
    const list = await call(api.GET('/webhooks'));
    setWebhooks(list.webhooks);
    setEventTypes(list.event_types);
  };
  useEffect(() => void run(reload), []);

  const add = async (input: WebhookInput) => {
    const made = await call(api.POST('/webhooks', { body: input }));
    setSecret(made.secret);
    setAdding(false);
    await reload();
  };

  return (
    <Section title="Webhooks">
      <p>Verbatim sends signed JSON notifications to these addresses when your recordings change.</p>
      <Alert message={error} />
      {secret && <SecretOnce label="Signing secret" value={secret} note="Your receiver verifies signatures with it. It is shown only now." onDone={() => setSecret(null)} />}
      {adding ? (
        <WebhookForm eventTypes={eventTypes} submitLabel="Save webhook" onSave={add} onCancel={() => setAdding(false)} />
      ) : (
        <button type="button" onClick={() => setAdding(true)}>
          Add webhook
        </button>
      )}
      {webhooks.length > 0 && (
        <ul class="webhooks">
          {webhooks.map((w) => (
            <li key={w.id}>
              <a href={`/settings/webhooks/${w.id}`}>{w.name}</a> <span class="url">{w.url}</span>{' '}
              <span class={`chip ${w.auto_paused ? 'paused' : w.enabled ? 'active' : 'disabled'}`}>{w.auto_paused ? 'paused after failures' : w.enabled ? 'enabled' : 'disabled'}</span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
