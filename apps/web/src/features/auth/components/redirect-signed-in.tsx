import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { safeNextPath } from "../next-path.ts";
import { useSession } from "../session.ts";

/**
 * Sends a logged-in, verified user on from the pages for signing in (SPEC point 2 for
 * /signup): to `?next=` when it names a page of this site, otherwise to Generate.
 */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const { userLoggedIn } = useSession();
  const [params] = useSearchParams();
  if (userLoggedIn) return <Navigate to={safeNextPath(params.get("next")) ?? "/"} replace />;
  return children;
}
