"use client";

import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

export type ClientSession = {
  /** null until the check answers, then true or false. */
  isAuthenticated: boolean | null;
  user: { name: string; email: string } | null;
};

const SessionContext = createContext<ClientSession>({ isAuthenticated: null, user: null });

/** Asks the server once per page load whether this browser is signed in. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<ClientSession>({ isAuthenticated: null, user: null });

  useEffect(() => {
    const controller = new AbortController();
    fetch("/api/session", { credentials: "same-origin", signal: controller.signal, cache: "no-store" })
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
      .then((state: { isAuthenticated: boolean; user: ClientSession["user"] }) =>
        setSession({ isAuthenticated: state.isAuthenticated, user: state.user }),
      )
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setSession({ isAuthenticated: false, user: null });
        void error;
      });
    return () => controller.abort();
  }, []);

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): ClientSession {
  return useContext(SessionContext);
}
