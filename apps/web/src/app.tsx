import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { SessionProvider } from "./features/auth/session-provider.tsx";
import { preloadPage } from "./lazy-pages.ts";
import { onLinkIntent } from "./lib/link-intent.ts";
import { loadSonner } from "./lib/notify.ts";
import { createAppRouter } from "./router.tsx";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

// Mounted (and so fetched) right after the first render, so that a toast about a dropped
// connection can still show: its code is already there.
const Toaster = lazy(() => loadSonner().then((sonner) => ({ default: sonner.Toaster })));

export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-center"
        closeButton
        richColors
        toastOptions={{
          classNames: {
            toast: "rounded-2xl! border-line! font-sans! shadow-pop!",
            title: "text-[0.9375rem]! font-semibold!",
          },
        }}
      />
    </Suspense>
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  useEffect(() => onLinkIntent(document, preloadPage), []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
