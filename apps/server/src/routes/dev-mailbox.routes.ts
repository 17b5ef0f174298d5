import { BlockList, isIP } from "node:net";
import { Hono, type MiddlewareHandler } from "hono";
import type { Env } from "../config/index.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { DevMailbox } from "../services/dev-mailbox.service.ts";
import { socketAddress } from "./client-ip.ts";

/** The outbox is a development aid: never exposed in production or when mail really leaves. */
export function isDevMailboxEnabled(env: Env, mailer: Mailer): boolean {
  return mailer.transport === "outbox" && env.nodeEnv !== "production";
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1, and IPv4-mapped loopback (::ffff:127.x.x.x) as a dual-stack socket shows it. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return LOOPBACK.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Headers a proxy adds: such a request came from elsewhere, whatever the socket says. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"] as const;

/** The host name of a Host header value ("localhost:3000", "[::1]:3000", "127.0.0.1"). */
function hostName(host: string): string {
  const bracketed = /^\[([^\]]+)\]/.exec(host);
  if (bracketed) return bracketed[1] ?? "";
  return host.replace(/:\d*$/, "").toLowerCase();
}

/**
 * A name this machine answers to: loopback names and addresses, or APP_URL's host. Any other
 * Host on a loopback socket is a page that rebound its own name to 127.0.0.1 (DNS rebinding)
 * to read the mailbox through the developer's browser.
 */
function isLocalHost(host: string | undefined, env: Env): boolean {
  if (!host) return false;
  const name = hostName(host);
  return (
    name === "localhost" ||
    name.endsWith(".localhost") ||
    isLoopbackAddress(name) ||
    name === new URL(env.appUrl).hostname.replace(/^\[|\]$/g, "").toLowerCase()
  );
}

/** Who may read the mailbox, in the words of the start-up warning. */
export function devMailboxNotice(env: Env): string {
  return env.devMailboxOpen
    ? "Dev mailbox open (DEV_MAILBOX=open): anyone who can reach this server can read every e-mail it sends, sign-up and password-reset links included, at /dev/mailbox; set SMTP_URL to send real mail"
    : "Dev mailbox: every e-mail this server sends (sign-up and password-reset links included) is shown at /dev/mailbox to requests from this machine only (loopback, not through a proxy); set SMTP_URL to send real mail";
}

/**
 * Unless DEV_MAILBOX=open, only a request from a loopback socket that names this machine and
 * carries no proxy header gets through; any other answers 404 like an unknown route. A request
 * without a socket (app.request() in tests) is refused too.
 */
export function loopbackOnly(env: Env): MiddlewareHandler {
  return async (c, next) => {
    if (env.devMailboxOpen) return next();
    const local =
      isLoopbackAddress(socketAddress(c)) &&
      PROXY_HEADERS.every((name) => c.req.header(name) === undefined) &&
      isLocalHost(c.req.header("host"), env);
    if (!local) return c.json({ error: "Not found" }, 404);
    return next();
  };
}

export function devMailboxRoutes(env: Env, mailbox: Pick<DevMailbox, "entries">): Hono {
  return new Hono()
    .use("*", loopbackOnly(env))
    .get("/mailbox", async (c) => c.json(await mailbox.entries()));
}
