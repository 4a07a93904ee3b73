// The shell: finds out who is signed in, then routes. Pages that need a session send a
// signed-out visitor to /sign-in and come back afterwards.
import type { ComponentChildren } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, setCsrfToken, whenSignedOut } from './api/client.ts';
import { Layout } from './components/layout.tsx';
import { NotFound } from './pages/not-found.tsx';
import { Recordings } from './pages/recordings.tsx';
import { RecordingPage } from './pages/recording.tsx';
import { SearchPage } from './pages/search.tsx';
import { LibraryChat } from './pages/library-chat.tsx';
import { SpeakersPage } from './pages/speakers.tsx';
import { Tags } from './pages/tags.tsx';
import { Upload } from './pages/upload.tsx';
import { Settings } from './pages/settings.tsx';
import { Admin } from './pages/admin.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { Welcome } from './pages/welcome.tsx';
import { WebhookPage } from './pages/webhook.tsx';
import { SessionContext, useSession, type Profile, type SessionView } from './session.ts';

/** The paths the app's router takes over; links to the API (downloads, the explorer) load as
 * links do. preact-iso otherwise takes `<a download>` with no file name for a page of the app. */
const APP_PATHS = /^\/(?!api\/)/;

export function App() {
  const [user, setUser] = useState<Profile | null | undefined>(undefined);
  const update = useCallback((view: SessionView | null) => {
    setCsrfToken(view?.csrf_token ?? null);
    setUser(view?.user ?? null);
  }, []);

  useEffect(() => {
    whenSignedOut(() => update(null));
    api.GET('/auth/session').then(({ data }) => update(data ?? null), () => update(null));
  }, [update]);

  if (user === undefined) return <p class="loading">Loading…</p>;
  return (
    <SessionContext.Provider value={{ user, update }}>
      <LocationProvider scope={APP_PATHS}>
        <ErrorBoundary>
          <Router>
            <Route path="/sign-in" component={SignIn} />
            <Route path="/welcome" component={Welcome} />
            <Route path="/" component={() => <Private>{<Recordings />}</Private>} />
            {/* The list's own address, as the API names it and a recording's address ends it. */}
            <Route path="/recordings" component={() => <Private>{<Recordings />}</Private>} />
            <Route path="/upload" component={() => <Private>{<Upload />}</Private>} />
            <Route path="/recordings/:id" component={({ id, query }: { id: string; query?: Record<string, string> }) => <Private>{<RecordingPage id={Number(id)} start={moment(query?.t)} />}</Private>} />
            <Route path="/search" component={() => <Private>{<SearchPage />}</Private>} />
            <Route path="/chat" component={() => <Private>{<LibraryChat />}</Private>} />
            <Route path="/tags" component={() => <Private>{<Tags />}</Private>} />
            <Route path="/speakers" component={() => <Private>{<SpeakersPage />}</Private>} />
            <Route path="/settings" component={() => <Private>{<Settings />}</Private>} />
            <Route path="/settings/webhooks/:id" component={({ id }: { id: string }) => <Private>{<WebhookPage id={Number(id)} />}</Private>} />
            <Route path="/admin" component={() => <Private>{<Admin />}</Private>} />
            <Route default component={() => (user ? <Layout>{<NotFound />}</Layout> : <NotFound standalone />)} />
          </Router>
        </ErrorBoundary>
      </LocationProvider>
    </SessionContext.Provider>
  );
}

/** `?t=12.5` → 12.5 seconds; anything else → no moment. */
function moment(t: string | undefined): number | undefined {
  const seconds = Number(t);
  return t && Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

function Private({ children }: { children: ComponentChildren }) {
  const { user } = useSession();
  const { route, url } = useLocation();
  useEffect(() => {
    if (!user) route(`/sign-in?next=${encodeURIComponent(url)}`, true);
  }, [user, url, route]);
  return user ? <Layout>{children}</Layout> : null;
}
