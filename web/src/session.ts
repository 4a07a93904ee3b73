// Who is signed in, shared by every page through a context.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { paths } from './api/schema';

export type SessionView = paths['/auth/session']['get']['responses'][200]['content']['application/json'];
export type Profile = SessionView['user'];

export interface SessionState {
  readonly user: Profile | null;
  /** Called after sign-in (with the new session) or sign-out (with null). */
  readonly update: (view: SessionView | null) => void;
}

export const SessionContext = createContext<SessionState>({ user: null, update: () => undefined });
export const useSession = () => useContext(SessionContext);
