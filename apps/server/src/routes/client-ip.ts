import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export const UNKNOWN_CLIENT = "unknown";

/**
 * The address our outermost proxy saw, from an X-Forwarded-For value (several headers arrive
 * joined by commas). Each proxy appends the address it received the request from, so with
 * `trustedProxies` proxies of ours in front the client is the entry that many places from the
 * right; everything left of it was written by the client and is ignored. Empty entries are
 * dropped (a proxy never appends an empty one). With fewer entries than proxies (a proxy that
 * did not append) the left-most entry is the best we have. Null when there is no entry at all.
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | null {
  if (!header || trustedProxies < 1) return null;
  const entries = header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length === 0) return null;
  return entries[Math.max(0, entries.length - trustedProxies)] ?? null;
}

/** The socket's peer, or "unknown" for requests that have no socket (app.request() in tests). */
export function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}

/**
 * The caller's address, which keys the rate limits. With `trustProxy` = N > 0 (TRUST_PROXY, the
 * number of our own proxies in front) it is the N-th X-Forwarded-For entry from the right, so a
 * client cannot choose it by sending an X-Forwarded-For of its own; otherwise, or without the
 * header, the socket's peer. Requests that have no socket all share the "unknown" client.
 */
export function clientIp(c: Context, trustProxy: number): string {
  const forwarded = forwardedClient(c.req.header("x-forwarded-for"), trustProxy);
  return forwarded ?? socketAddress(c);
}
