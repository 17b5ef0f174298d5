import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "3000"}`;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: {
      "/api": apiTarget,
      "/sandbox": apiTarget,
    },
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry loads, read by e2e/specs/bundle-size.spec.ts.
    manifest: true,
    // The iPhone-photo decoder (heic-to, about 3 MB with its WebAssembly inside) is its own
    // chunk, fetched only when such a photo is picked: the first load's budget is held by
    // e2e/specs/bundle-size.spec.ts, not by this warning.
    chunkSizeWarningLimit: 3200,
    rolldownOptions: {
      output: {
        // React and zod change less often than the app: cached apart (zod loads after the
        // first paint, see docs/decisions.md). Other libraries stay with the code that uses
        // them, so a library only some pages need loads with those pages.
        codeSplitting: {
          groups: [
            {
              name: "react",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
