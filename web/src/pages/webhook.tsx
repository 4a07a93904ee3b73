// One webhook: edit, re-enable after auto-pause, rotate the secret, send a test, the delivery
// log with each delivery's payload and a replay button.
import { useLocation } from 'preact-iso';
import { useEffect, useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import type { paths } from '../api/schema';
import { DataTable } from '../components/table.tsx';
import { Alert, loadingOf, Section, useAction, when } from '../components/form.tsx';
import { SecretOnce } from '../settings/tokens.tsx';
import { WebhookForm, type Webhook, type WebhookInput } from '../settings/webhook-form.tsx';
import { PageHeading } from '../components/page-heading.tsx';

type Delivery = paths['/webhooks/{id}/deliveries']['get']['responses'][200]['content']['application/json']['deliveries'][number];

/** The webhook, the event types it can be sent for and its delivery log, read together by reload. */
function useWebhook(id: number) {
  const [hook, setHook] = useState<Webhook | null>(null);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [deliveries, setDeliveries] = useState<Delivery[]>([]);
  const reload = async () => {
    const path = { path: { id: String(id) } };
    const [one, list, log] = await Promise.all([call(api.GET('/webhooks/{id}', { params: path })), call(api.GET('/webhooks')), call(api.GET('/webhooks/{id}/deliveries', { params: path }))]);
    setHook(one);
    setEventTypes(list.event_types);
    setDeliveries(log.deliveries);
  };
  return { hook, eventTypes, deliveries, reload };
}

export function WebhookPage({ id }: { id: number }) {
  const path = { path: { id: String(id) } };
  const { route } = useLocation();
  const { hook, eventTypes, deliveries, reload } = useWebhook(id);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  useEffect(() => void run(loadingOf('The webhook', reload)), [id]);

  // The notice comes with the page it speaks of: "Re-enabled." never beside the paused warning.
  const act = (what: () => Promise<unknown>, message: string) =>
    run(async () => {
      setNotice(null);
      await what();
      await reload();
      setNotice(message);
    });
  const save = async (input: WebhookInput) => {
    await call(api.PATCH('/webhooks/{id}', { params: path, body: input }));
    setEditing(false);
    await reload();
  };
  const rotate = () => run(async () => setSecret((await call(api.POST('/webhooks/{id}/rotate-secret', { params: path }))).secret));
  const remove = () =>
    run(async () => {
      if (!confirm(`Delete the webhook ${hook?.name}?`)) return;
      await call(api.DELETE('/webhooks/{id}', { params: path }));
      route('/settings', true);
    });

  if (!hook) return error ? <Alert message={error} /> : <p role="status">Loading the webhook…</p>;
  return (
    <>
      <p>
        <a href="/settings">← Settings</a>
      </p>
      <PageHeading text={`Webhook “${hook.name}”`} />
      <Alert message={error} />
      <Alert kind="info" message={notice} />
      {hook.auto_paused && <PausedWarning failures={hook.consecutive_failures} busy={busy} onReEnable={() => act(() => call(api.PATCH('/webhooks/{id}', { params: path, body: { enabled: true } })), 'Re-enabled.')} />}
      {secret && <SecretOnce label="New signing secret" value={secret} note="The old secret no longer signs. Shown only now." onDone={() => setSecret(null)} />}
      <Section title="Settings">
        {editing ? (
          <WebhookForm eventTypes={eventTypes} initial={hook} submitLabel="Save changes" onSave={save} onCancel={() => setEditing(false)} />
        ) : (
          <Summary
            hook={hook}
            busy={busy}
            onEdit={() => setEditing(true)}
            onTest={() => act(() => call(api.POST('/webhooks/{id}/test', { params: path })), 'Test delivery queued.')}
            onRotate={rotate}
            onDelete={remove}
          />
        )}
      </Section>
      <DeliveryLog webhookId={id} deliveries={deliveries} onReplay={(did) => act(() => call(api.POST('/webhooks/{id}/deliveries/{did}/replay', { params: { path: { id: String(id), did } } })), 'Replay queued.')} onRefresh={() => run(reload)} />
    </>
  );
}

function PausedWarning({ failures, busy, onReEnable }: { failures: number; busy: boolean; onReEnable: () => void }) {
  return (
    <div class="alert warning" role="status">
      <p>Paused after {failures} failed deliveries in a row: nothing is sent until you re-enable it. Check that the receiver answers 2xx, then</p>
      <button type="button" disabled={busy} onClick={onReEnable}>
        Re-enable
      </button>
    </div>
  );
}

interface SummaryActions {
  onEdit: () => void;
  onTest: () => void;
  onRotate: () => void;
  onDelete: () => void;
}

/** The webhook's settings as read, with what can be done to it. */
function Summary({ hook, busy, onEdit, onTest, onRotate, onDelete }: { hook: Webhook; busy: boolean } & SummaryActions) {
  return (
    <>
      <dl class="facts">
        <dt>URL</dt>
        <dd>{hook.url}</dd>
        <dt>Events</dt>
        <dd>{hook.events.includes('*') ? 'all events' : hook.events.join(', ')}</dd>
        <dt>State</dt>
        <dd>{hook.auto_paused ? 'paused after failures' : hook.enabled ? 'enabled' : 'disabled'}</dd>
      </dl>
      <div class="actions">
        <button type="button" onClick={onEdit}>
          Edit
        </button>
        <button type="button" disabled={busy} onClick={onTest}>
          Send test
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={onRotate}>
          Rotate secret
        </button>
        <button type="button" class="danger" disabled={busy} onClick={onDelete}>
          Delete
        </button>
      </div>
    </>
  );
}

function DeliveryLog({ webhookId, deliveries, onReplay, onRefresh }: { webhookId: number; deliveries: Delivery[]; onReplay: (id: string) => void; onRefresh: () => void }) {
  const [open, setOpen] = useState<{ id: string; payload: string } | null>(null);
  const show = async (did: string) => {
    const detail = await call(api.GET('/webhooks/{id}/deliveries/{did}', { params: { path: { id: String(webhookId), did } } }));
    setOpen({ id: did, payload: JSON.stringify(JSON.parse(detail.payload), null, 2) });
  };
  return (
    <Section title="Deliveries">
      <button type="button" class="secondary" onClick={onRefresh}>
        Refresh
      </button>
      {deliveries.length === 0 ? (
        <p>No deliveries yet.</p>
      ) : (
        <DataTable caption="Deliveries, newest first" columns={['Event', 'Status', 'Attempts', 'Response', 'Next attempt', 'Created']} actions>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td>{d.event_type}</td>
              <td>
                <span class={`chip ${d.status}`}>{d.status}</span>
              </td>
              <td>{d.attempt_count}</td>
              <td>{d.response_status ?? d.error_message ?? '—'}</td>
              <td>{when(d.next_attempt_at)}</td>
              <td>{when(d.created_at)}</td>
              <td class="actions">
                <button type="button" class="secondary" aria-expanded={open?.id === d.id} onClick={() => (open?.id === d.id ? setOpen(null) : void show(d.id))}>
                  Payload
                </button>
                <button type="button" class="secondary" onClick={() => onReplay(d.id)}>
                  Replay
                </button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {open && (
        <figure>
          <figcaption>Payload of delivery {open.id}</figcaption>
          <pre class="payload" tabIndex={0}>
            {open.payload}
          </pre>
        </figure>
      )}
    </Section>
  );
}
