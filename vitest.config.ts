import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "shared",
          include: ["packages/shared/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: "./apps/web/vite.config.ts",
        test: {
          name: "web",
          root: "./apps/web",
          include: ["src/**/*.test.{ts,tsx}"],
          environment: "jsdom",
          setupFiles: ["./src/test/setup.ts"],
          // Rendering whole routes in jsdom is slow on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: "integration",
          include: ["apps/server/test/**/*.test.ts"],
          environment: "node",
          // A net for a hang, not a speed limit: jobs run the cut-out model on shared cores.
          testTimeout: 180_000,
        },
      },
    ],
  },
});
