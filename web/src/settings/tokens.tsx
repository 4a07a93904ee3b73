// API tokens: create (the value is shown once), list, revoke with confirmation.
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { DataTable } from '../components/table.tsx';
import { Alert, Field, Section, useAction, when } from '../components/form.tsx';

type Token = paths['/tokens']['get']['responses'][200]['content']['application/json']['tokens'][number];
const EXPIRIES = [
  { days: 0, label: 'Never' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

export function TokensSection() {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [name, setName] = useState('');
  const [days, setDays] = useState<0 | 30 | 90 | 365>(90);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { busy, error, run } = useAction();
  const reload = () => run(async () => setTokens((await call(api.GET('/tokens'))).tokens));
  useEffect(() => void reload(), []);

  const create = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const made = await call(api.POST('/tokens', { body: { name, expires_in_days: days } }));
      setSecret(made.token);
      setName('');
      setTokens((await call(api.GET('/tokens'))).tokens);
    });
  };
  const revoke = (id: number) =>
    run(async () => {
      await call(api.DELETE('/tokens/{id}', { params: { path: { id: String(id) } } }));
      setConfirming(null);
      setTokens((await call(api.GET('/tokens'))).tokens);
    });

  return (
    <Section title="API tokens">
      <p>
        Tokens let scripts and other systems use the API as you. Keep them secret. The <a href="/api/v1/docs">API explorer</a> describes every route and tries
        them with this session, no token needed.
      </p>
      <form onSubmit={create} class="inline">
        <Field label="Token name" required maxLength={100} value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <div class="field">
          <label for="token-expiry">Expires</label>
          <select id="token-expiry" value={days} onChange={(e) => setDays(Number(e.currentTarget.value) as typeof days)}>
            {EXPIRIES.map((e) => (
              <option key={e.days} value={e.days}>
                {e.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy}>
          Create token
        </button>
      </form>
      <Alert message={error} />
      {secret && <SecretOnce label="New token" value={secret} note="Copy it now: it is shown only once." onDone={() => setSecret(null)} />}
      <DataTable caption="Your API tokens" columns={['Name', 'Status', 'Created', 'Last used', 'Expires']} actions>
        {tokens.map((t) => (
          <TokenRow key={t.id} token={t} confirming={confirming === t.id} busy={busy} onAsk={() => setConfirming(t.id)} onRevoke={() => revoke(t.id)} onCancel={() => setConfirming(null)} />
        ))}
      </DataTable>
    </Section>
  );
}

/** One token; revoking it asks first, in the row. */
function TokenRow({ token: t, confirming, busy, onAsk, onRevoke, onCancel }: { token: Token; confirming: boolean; busy: boolean; onAsk: () => void; onRevoke: () => void; onCancel: () => void }) {
  return (
    <tr>
      <td>{t.name}</td>
      <td>
        <span class={`chip ${t.status}`}>{t.status}</span>
      </td>
      <td>{when(t.created_at)}</td>
      <td>{when(t.last_used_at)}</td>
      <td>{t.expires_at ? when(t.expires_at) : 'never'}</td>
      <td>
        {t.status === 'active' && !confirming && (
          <button type="button" class="secondary" onClick={onAsk} aria-label={`Revoke ${t.name}`}>
            Revoke
          </button>
        )}
        {confirming && (
          <span role="group" aria-label={`Confirm revoking ${t.name}`}>
            <button type="button" class="danger" disabled={busy} onClick={onRevoke}>
              Yes, revoke
            </button>{' '}
            <button type="button" class="secondary" onClick={onCancel}>
              Cancel
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}

/** A secret shown once: a read-only field with a copy button. */
export function SecretOnce({ label, value, note, onDone }: { label: string; value: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <div class="secret" role="region" aria-label={label}>
      <Field label={label} value={value} readOnly onFocus={(e) => e.currentTarget.select()} hint={note} />
      <button type="button" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
      </button>{' '}
      <button type="button" class="secondary" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
