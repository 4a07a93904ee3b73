// Create or edit a webhook: name, URL, events as checkboxes (or all), enabled, allow_http.
// The SSRF guard's refusals come back as 400s and are shown as the form's error.
import { useState } from 'preact/hooks';
import type { paths } from '../api/schema';
import { Alert, Check, Field, useAction } from '../components/form.tsx';

export type Webhook = paths['/webhooks']['get']['responses'][200]['content']['application/json']['webhooks'][number];
export interface WebhookInput {
  name: string;
  url: string;
  events: string[];
  enabled: boolean;
  allow_http: boolean;
}

export function WebhookForm({ eventTypes, initial, submitLabel, onSave, onCancel }: { eventTypes: readonly string[]; initial?: Webhook; submitLabel: string; onSave: (input: WebhookInput) => Promise<void>; onCancel: () => void }) {
  const [form, setForm] = useState<WebhookInput>(() => ({
    name: initial?.name ?? '',
    url: initial?.url ?? '',
    events: initial?.events ?? ['*'],
    enabled: initial?.enabled ?? true,
    allow_http: initial?.allow_http ?? false,
  }));
  const { busy, error, run } = useAction();
  const all = form.events.includes('*');
  const toggle = (type: string, on: boolean) => {
    const others = form.events.filter((e) => e !== type && e !== '*');
    setForm({ ...form, events: on ? [...others, type] : others });
  };
  const submit = (event: Event) => {
    event.preventDefault();
    void run(() => onSave(form));
  };

  return (
    <form onSubmit={submit} class="webhook-form">
      <Field label="Webhook name" required maxLength={100} value={form.name} onInput={(e) => setForm({ ...form, name: e.currentTarget.value })} />
      <Field label="URL" type="url" required maxLength={2048} placeholder="https://example.com/hooks/verbatim" value={form.url} onInput={(e) => setForm({ ...form, url: e.currentTarget.value })} />
      <fieldset class="choices">
        <legend>Events</legend>
        <Check label="All events" checked={all} onChange={(e) => setForm({ ...form, events: e.currentTarget.checked ? ['*'] : [] })} />
        {eventTypes.map((type) => (
          <Check key={type} label={type} checked={all || form.events.includes(type)} disabled={all} onChange={(e) => toggle(type, e.currentTarget.checked)} />
        ))}
      </fieldset>
      <Check label="Enabled" checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })} />
      <Check label="Allow plain http:// (not encrypted)" checked={form.allow_http} onChange={(e) => setForm({ ...form, allow_http: e.currentTarget.checked })} />
      <Alert message={error} />
      <button type="submit" disabled={busy}>
        {submitLabel}
      </button>{' '}
      <button type="button" class="secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
