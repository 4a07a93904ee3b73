import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, call } from '../api/client.ts';
import { Alert, Field, useAction } from '../components/form.tsx';
import { useSession } from '../session.ts';
import { PageHeading } from '../components/page-heading.tsx';

/** Where to go after signing in: only a path of ours, never another site. */
function nextPath(query: Record<string, string>): string {
  const next = query.next ?? '/';
  return next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

export function SignIn() {
  const { update } = useSession();
  const { route, query } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();

  const submit = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      update(await call(api.POST('/auth/sign-in', { body: { email, password } })));
      route(nextPath(query), true);
    });
  };

  return (
    <main id="main" class="narrow">
      <PageHeading text="Sign in to Verbatim" tab="Sign in" />
      <form onSubmit={submit} class="card">
        <Field label="Email" type="email" name="email" autoComplete="username" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        <Field label="Password" type="password" name="password" autoComplete="current-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        <Alert message={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p class="hint">No password yet? Ask your administrator for a sign-in link.</p>
    </main>
  );
}
