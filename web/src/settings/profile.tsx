import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Check, Field, Section, Select, TextArea, useAction } from '../components/form.tsx';
import { useSession } from '../session.ts';

const BROWSER_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone the browser knows, with UTC and the saved one even if it does not list them. */
function zoneChoices(saved: string): [string, string][] {
  const zones = new Set(['UTC', saved, BROWSER_ZONE, ...Intl.supportedValuesOf('timeZone')]);
  return [...zones].sort().map((z) => [z, z.replaceAll('_', ' ')]);
}

export function ProfileSection() {
  const { user, update } = useSession();
  const [form, setForm] = useState(() => ({
    name: user?.name ?? '',
    language: user?.settings.language ?? '',
    transcript_template: user?.settings.transcript_template ?? '',
    summary_prompt: user?.settings.summary_prompt ?? '',
    auto_summarize: user?.settings.auto_summarize ?? true,
    time_zone: user?.settings.time_zone ?? BROWSER_ZONE,
  }));
  const [saved, setSaved] = useState(false);
  const { busy, error, run } = useAction();
  const set = (field: keyof typeof form) => (e: { currentTarget: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement }) => {
    setSaved(false);
    setForm({ ...form, [field]: e.currentTarget.type === 'checkbox' ? (e.currentTarget as HTMLInputElement).checked : e.currentTarget.value });
  };

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const body = { ...form, language: form.language.trim() || null, summary_prompt: form.summary_prompt.trim() || null };
      await call(api.PUT('/users/me', { body }));
      update(await call(api.GET('/auth/session')));
      setSaved(true);
    });
  };

  return (
    <Section title="Profile">
      <form onSubmit={submit}>
        <Field label="Name" required maxLength={200} value={form.name} onInput={set('name')} />
        <Field label="Email address" value={user?.email ?? ''} readOnly />
        <Field label="Language" hint='Two letters (ISO 639-1) like "en"; empty: detect it.' maxLength={2} value={form.language} onInput={set('language')} />
        <Field label="Transcript template" hint="{{speaker}}, {{text}}, {{start_time}}, {{end_time}}, {{index}}" required value={form.transcript_template} onInput={set('transcript_template')} />
        <Select label="Time zone" options={zoneChoices(form.time_zone)} value={form.time_zone} onInput={set('time_zone')} />
        <p class="hint">
          Spoken times such as “next Tuesday at 3 pm” are read in it.{' '}
          {form.time_zone !== BROWSER_ZONE && (
            <button
              type="button"
              class="link"
              onClick={() => {
                setSaved(false);
                setForm({ ...form, time_zone: BROWSER_ZONE });
              }}
            >
              Use this browser’s time zone ({BROWSER_ZONE})
            </button>
          )}
        </p>
        <TextArea label="Default summary prompt" rows={3} value={form.summary_prompt} onInput={set('summary_prompt')} />
        <Check label="Summarise every recording after transcription" checked={form.auto_summarize} onChange={set('auto_summarize')} />
        <Alert message={error} />
        <Alert kind="info" message={saved ? 'Profile saved.' : null} />
        <button type="submit" disabled={busy}>
          Save profile
        </button>
      </form>
    </Section>
  );
}
