import type { Server } from "node:http";
import { serve } from "@hono/node-server";

/**
 * How long an idle keep-alive connection stays open. Node closes one after 5 s, and a client
 * that reuses it at that moment (a browser, an API client, a proxy's pool) gets its request
 * reset. Longer than the usual proxy's 60 s, so the client or the proxy closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The product's HTTP server, listening for `fetch`, with keep-alive that outlives its clients'. */
export function listen(
  fetch: (request: Request) => Response | Promise<Response>,
  hostname: string,
  port: number,
): Server {
  const server = serve({ fetch, hostname, port }) as Server;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // A request's headers must be allowed to arrive on a connection kept that long.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  return server;
}
