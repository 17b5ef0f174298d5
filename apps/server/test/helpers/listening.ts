import { request as httpRequest } from "node:http";
import { serve } from "@hono/node-server";
import type { Hono } from "hono";

export type Listening = {
  /** The base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  close(): Promise<void>;
};

/**
 * Serves `app` on a real socket, as main.ts does, so the app sees the peer's address (which
 * `app.request()` cannot give). Port 0 picks a free port.
 */
export function listen(app: Hono, hostname = "127.0.0.1"): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, hostname, port: 0 }, (info) => {
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ("closeAllConnections" in server) server.closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}

/**
 * A GET with a Host header of our choosing (fetch always sends the URL's own host), as a
 * browser sends after a page rebound its own name to this machine's address.
 */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
