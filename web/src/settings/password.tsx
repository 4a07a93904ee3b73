import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Field, Section, useAction } from '../components/form.tsx';
import { useSession } from '../session.ts';

export function PasswordSection() {
  const { user } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const { busy, error, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    setMessage(null);
    void run(async () => {
      const result = await call(api.PUT('/auth/password', { body: { current_password: current, new_password: next } }));
      setCurrent('');
      setNext('');
      setMessage(`Password changed; ${result.sessions_ended} other session(s) ended.`);
    });
  };

  return (
    <Section title="Password">
      <form onSubmit={submit}>
        {/* The account the new password belongs to, for a password manager (shown above as "Email address"). */}
        <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
        <Field label="Current password" type="password" autoComplete="current-password" value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
        <Field label="New password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters; your other sessions end." value={next} onInput={(e) => setNext(e.currentTarget.value)} />
        <Alert message={error} />
        <Alert kind="info" message={message} />
        <button type="submit" disabled={busy}>
          Change password
        </button>
      </form>
    </Section>
  );
}

export function SessionsSection() {
  const { update } = useSession();
  const { route } = useLocation();
  const { busy, error, run } = useAction();
  const everywhere = () =>
    run(async () => {
      if (!confirm('Sign out on every browser, this one included?')) return;
      await call(api.POST('/auth/sign-out-everywhere'));
      update(null);
      route('/sign-in', true);
    });
  return (
    <Section title="Sessions">
      <p>Signed in elsewhere and not sure? End every web session. API tokens stay valid.</p>
      <Alert message={error} />
      <button type="button" class="secondary" disabled={busy} onClick={everywhere}>
        Sign out everywhere
      </button>
    </Section>
  );
}
