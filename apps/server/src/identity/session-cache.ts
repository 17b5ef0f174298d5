import { createHash } from "node:crypto";
import type { Clock } from "../lib/clock.ts";
import type { SessionUser } from "../services/session-user.ts";

/** A live session as a lookup found it. */
export type FoundSession = {
  user: SessionUser;
  /** better-auth's session token (the cookie's value before its signature). */
  token: string;
  /** When better-auth ends the session, in milliseconds since the epoch (real time). */
  expiresAt: number;
};

type Find = () => Promise<FoundSession | null>;

export type SessionCacheOptions = {
  clock: Clock;
  /** How long an answer is reused: the longest a session ended in another process still works. */
  ttlMs: number;
  /** The most sessions kept; the oldest answer makes room for a new one. */
  maxEntries: number;
};

export type SessionCache = {
  /** The session these request headers name: remembered if looked up less than ttlMs ago. */
  recent(headers: Headers, find: Find): Promise<FoundSession | null>;
  /** Always looks the session up, and remembers (or forgets) what the lookup answered. */
  fresh(headers: Headers, find: Find): Promise<FoundSession | null>;
  /** The session with this token ended (sign-out, revocation, password reset). */
  forgetSession(token: string): void;
  /** The user changed or is gone: none of their sessions' answers is reused. */
  forgetUser(userId: string): void;
};

/** Longer credentials are kept as their hash, so a huge cookie header costs no more memory. */
const MAX_PLAIN_KEY = 1024;

/** What decides better-auth's answer: the bearer token and the cookies. */
function credentialsKey(headers: Headers): string {
  const credentials = `${headers.get("authorization") ?? ""}\n${headers.get("cookie") ?? ""}`;
  if (credentials.length <= MAX_PLAIN_KEY) return credentials;
  // No hash has a line break, so it never equals a plain key.
  return createHash("sha256").update(credentials).digest("base64url");
}

/**
 * The answers of recent session lookups in this process, so a read polled many times a second
 * does not ask the database each time. Only live sessions are kept (a made-up token always
 * reaches the database), each for ttlMs at most and never past the session's own end. Ending a
 * session or changing its user here forgets it at once; see docs/decisions.md, "A fast poll".
 */
export function createSessionCache({ clock, ttlMs, maxEntries }: SessionCacheOptions) {
  const entries = new Map<string, FoundSession & { until: number }>();
  const running = new Map<string, Promise<FoundSession | null>>();
  /** Moves on at every forget: a lookup begun before one keeps its answer to itself. */
  let epoch = 0;

  function remember(key: string, found: FoundSession): void {
    const lifetime = Math.min(ttlMs, found.expiresAt - Date.now());
    entries.delete(key);
    if (lifetime <= 0) return;
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) entries.delete(oldest.value);
    }
    // One object answers many requests, so none of them may change it.
    entries.set(key, {
      ...found,
      user: Object.freeze({ ...found.user }),
      until: clock.now() + lifetime,
    });
  }

  function lookUp(key: string, find: Find): Promise<FoundSession | null> {
    const began = epoch;
    const lookup = find()
      .then((found) => {
        if (epoch === began) {
          if (found) remember(key, found);
          else entries.delete(key);
        }
        return found;
      })
      .finally(() => {
        if (running.get(key) === lookup) running.delete(key);
      });
    running.set(key, lookup);
    return lookup;
  }

  function forgetWhere(ended: (entry: FoundSession) => boolean): void {
    epoch += 1;
    // Callers that arrive from now on must not share an answer read before the change.
    running.clear();
    for (const [key, entry] of entries) if (ended(entry)) entries.delete(key);
  }

  return {
    recent(headers, find) {
      const key = credentialsKey(headers);
      const entry = entries.get(key);
      if (entry && entry.until > clock.now()) return Promise.resolve(entry);
      // Concurrent polls of one session share a single lookup.
      return running.get(key) ?? lookUp(key, find);
    },
    fresh(headers, find) {
      return lookUp(credentialsKey(headers), find);
    },
    forgetSession(token) {
      forgetWhere((entry) => entry.token === token);
    },
    forgetUser(userId) {
      forgetWhere((entry) => entry.user.id === userId);
    },
  } satisfies SessionCache;
}
