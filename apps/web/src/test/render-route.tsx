import type { TCurrentUser } from "@backdrop/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { AppToaster } from "../components/ui/app-toaster.tsx";
import type { IdentityUser } from "../features/auth/index.ts";
import {
  PUBLIC_CONFIG_QUERY_KEY,
  SESSION_QUERY_KEY,
  SessionProvider,
  userDetailsQueryKey,
} from "../features/auth/index.ts";
import { routes } from "../router.tsx";
import { loadLazyRoutes } from "./load-lazy-routes.ts";

export type RenderOptions = {
  /**
   * The identity session the app starts with: anonymous by default, "loading" to leave it
   * to the (mocked) fetch, or a signed-in user.
   */
  session?: "loading" | { identity: IdentityUser; details?: TCurrentUser };
  googleSignIn?: boolean;
  /** The engine lets the model relight the product (fal). */
  relightOption?: boolean;
  /** For fake timers: lets user-event's delays pass, e.g. `vi.advanceTimersByTime`. */
  advanceTimers?: (ms: number) => void;
  /** Pages load on demand, as in the browser, instead of being there from the start. */
  lazyPages?: boolean;
};

/** A verified user and the product's details of them, for signed-in tests. */
export function testUser(overrides: Partial<TCurrentUser> = {}) {
  const details: TCurrentUser = {
    uid: "user-1",
    email: "ada@example.com",
    emailVerified: true,
    name: "Ada Lovelace",
    provider: "email",
    numOfTokens: 20,
    subscriptionTokens: 100,
    subscriptionPlanId: "starter",
    subscriptionStatus: "active",
    subscriptionEndDate: null,
    subscriptionRenewalDate: null,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    ...overrides,
  };
  const identity: IdentityUser = {
    id: details.uid,
    email: details.email,
    name: details.name,
    emailVerified: details.emailVerified,
  };
  return { identity, details };
}

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

const loadedRoutes = await loadLazyRoutes(routes);

/** Renders the whole app at `path`, as the browser would, with a fresh cache. */
export function renderRoute(path = "/", options: RenderOptions = {}) {
  const { session, googleSignIn = false, relightOption = false, advanceTimers } = options;
  const router = createMemoryRouter(options.lazyPages ? routes : loadedRoutes, {
    initialEntries: [path],
  });
  const queryClient = createTestQueryClient();
  // Seeded answers count as fresh, so nothing is fetched for them.
  queryClient.setQueryData(PUBLIC_CONFIG_QUERY_KEY, { googleSignIn, relightOption });
  if (session !== "loading") {
    queryClient.setQueryData(SESSION_QUERY_KEY, session?.identity ?? null);
    if (session?.details) {
      queryClient.setQueryData(userDetailsQueryKey(session.identity.id), session.details);
    }
  }
  const user = userEvent.setup(advanceTimers ? { advanceTimers } : {});
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <AppToaster />
    </QueryClientProvider>,
  );
  return { user, router, queryClient, ...view };
}

/** A JSON answer for a mocked fetch. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}
