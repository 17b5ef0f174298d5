import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { SessionProvider } from "./features/auth/session-provider.tsx";
import { createAppRouter } from "./router.tsx";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 1, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

export function AppToaster() {
  return (
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
  );
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
