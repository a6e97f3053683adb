import { createContext, type ReactNode, useContext, useSyncExternalStore } from "react";
import { type Session, type SessionStore, sessionStore } from "./session.ts";

const SessionStoreContext = createContext<SessionStore>(sessionStore);

/** Stories and tests pass their own in-memory store; the app uses the persisted one by default. */
export function SessionProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

export function useSessionStore(): SessionStore {
  return useContext(SessionStoreContext);
}

/** The signed-in state; re-renders when it changes in this tab or another. */
export function useSession(): Session {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
