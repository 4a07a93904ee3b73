// The one-time sign-in link: /welcome#code=… (the code never reaches a server log).
import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Field, useAction } from '../components/form.tsx';
import { useSession } from '../session.ts';
import { PageHeading } from '../components/page-heading.tsx';

export function Welcome() {
  const { update } = useSession();
  const { route } = useLocation();
  const [{ code, email }] = useState(() => {
    const fragment = new URLSearchParams(location.hash.slice(1));
    return { code: fragment.get('code') ?? '', email: fragment.get('email') ?? '' };
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, error, setError, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    if (password !== repeat) return setError('The two passwords differ');
    void run(async () => {
      update(await call(api.POST('/auth/links/accept', { body: { code, password } })));
      history.replaceState(null, '', '/welcome');
      route('/settings', true);
    });
  };

  return (
    <main id="main" class="narrow">
      <PageHeading text="Set your password" />
      {!code && <Alert message="This page needs the one-time link you were given." />}
      <form onSubmit={submit} class="card">
        {/* Whose password this is, for the person and for a password manager saving it. */}
        {email && <Field label="Email" type="email" autoComplete="username" readOnly value={email} />}
        <Field label="New password" type="password" autoComplete="new-password" required minLength={12} hint="At least 12 characters." value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        <Field label="Repeat the password" type="password" autoComplete="new-password" required value={repeat} onInput={(e) => setRepeat(e.currentTarget.value)} />
        <Alert message={error} />
        <button type="submit" disabled={busy || !code}>
          Set password and sign in
        </button>
      </form>
    </main>
  );
}
