import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { RouterProvider } from "react-router";
import { AppToaster } from "./components/ui/app-toaster.tsx";
import { SessionProvider } from "./features/auth/index.ts";
import { preloadPage } from "./lazy-pages.ts";
import { onLinkIntent } from "./lib/link-intent.ts";
import { createAppRouter } from "./router.tsx";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
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
