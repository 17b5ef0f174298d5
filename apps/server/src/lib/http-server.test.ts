import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS, listen } from "./http-server.ts";

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("listen", () => {
  it("keeps idle connections open longer than a proxy's 60 s, and answers on them", async () => {
    const server = listen(() => new Response("ok"), "127.0.0.1", 0);
    close = () => server.close();
    await new Promise((resolve) => server.once("listening", resolve));
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/" }, (response) => {
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve(text));
      })
        .on("error", reject)
        .end();
    });
    expect(body).toBe("ok");
  });
});
