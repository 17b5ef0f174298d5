import { tokenTopUpRefusal } from "@backdrop/shared";
import { useSession } from "../../auth/index.ts";

/**
 * Why this visitor may not buy tokens (SPEC point 5), null when they may, or "loading" while a
 * logged-in user's details are still on their way.
 */
export function useTopUpRefusal(): string | null | "loading" {
  const { userLoggedIn, user } = useSession();
  if (userLoggedIn && !user) return "loading";
  return tokenTopUpRefusal(userLoggedIn ? user : null, Date.now());
}
