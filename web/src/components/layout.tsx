// The frame of every signed-in page: a skip link, the main navigation, sign-out.
import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { api } from '../api/client.ts';
import { useSession } from '../session.ts';

const LINKS = [
  ['/', 'Recordings'],
  ['/upload', 'Upload'],
  ['/search', 'Search'],
  ['/chat', 'Ask'],
  ['/tags', 'Tags'],
  ['/speakers', 'Speakers'],
  ['/settings', 'Settings'],
] as const;

export function Layout({ children }: { children: ComponentChildren }) {
  const { user, update } = useSession();
  const { path, route } = useLocation();
  const current = (href: string) => ((href === '/' ? /^\/(?:recordings(?:\/|$)|$)/.test(path) : path.startsWith(href)) ? 'page' : undefined);

  async function signOut() {
    await api.POST('/auth/sign-out');
    update(null);
    route('/sign-in', true);
  }

  return (
    <>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <a class="brand" href="/">
          Verbatim
        </a>
        <nav aria-label="Main">
          <ul>
            {LINKS.map(([href, name]) => (
              <li key={href}>
                <a href={href} aria-current={current(href)}>
                  {name}
                </a>
              </li>
            ))}
            {user?.is_admin && (
              <li>
                <a href="/admin" aria-current={current('/admin')}>
                  Administration
                </a>
              </li>
            )}
          </ul>
        </nav>
        <div class="who">
          <span class="email">{user?.email}</span>
          <button type="button" class="secondary" onClick={signOut}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
