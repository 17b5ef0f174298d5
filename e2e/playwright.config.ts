import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
/** The OpenID provider standing in for Google (oidc-server.ts). */
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? port + 1);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "./specs",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The browser shares the machine's two cores with the server's engine, and without a GPU it
    // paints every frame of a spinner on the CPU: the engine ran at half speed while jobs showed.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node --import tsx ./oidc-server.ts",
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { OIDC_PORT: String(oidcPort) },
    },
    {
      command: "npm run start:server",
      cwd: "..",
      url: `${baseURL}/api/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: baseURL,
        DATA_DIR: mkdtempSync(join(tmpdir(), "backdrop-e2e-")),
        SUPPORT_RATE_LIMIT: "100/600",
        // every e2e request comes from 127.0.0.1
        AUTH_RATE_LIMIT: "1000/60",
        GOOGLE_CLIENT_ID: "backdrop-e2e",
        GOOGLE_CLIENT_SECRET: "backdrop-e2e-secret",
        GOOGLE_DISCOVERY_URL: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      },
    },
  ],
});
