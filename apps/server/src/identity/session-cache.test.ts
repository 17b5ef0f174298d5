import { describe, expect, it, vi } from "vitest";
import { createSessionCache, type FoundSession } from "./session-cache.ts";

const TTL_MS = 10_000;

function session(userId: string, token: string, lifetimeMs = 3_600_000): FoundSession {
  return {
    user: { id: userId, email: `${userId}@example.com`, name: userId, emailVerified: true },
    token,
    expiresAt: Date.now() + lifetimeMs,
  };
}

const withCookie = (token: string) =>
  new Headers({ cookie: `backdrop.session_token=${token}.sig` });

function setup(maxEntries = 100) {
  const clock = { at: 0, now: () => clock.at };
  return { clock, cache: createSessionCache({ clock, ttlMs: TTL_MS, maxEntries }) };
}

describe("createSessionCache", () => {
  it("reuses an answer for the same credentials until its lifetime is over", async () => {
    const { clock, cache } = setup();
    const find = vi.fn(async () => session("ada", "a"));
    await cache.recent(withCookie("a"), find);
    clock.at = TTL_MS - 1;
    expect(await cache.recent(withCookie("a"), find)).toMatchObject({ token: "a" });
    expect(find).toHaveBeenCalledTimes(1);
    clock.at = TTL_MS;
    await cache.recent(withCookie("a"), find);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("keeps other credentials apart: another cookie or a bearer token is another lookup", async () => {
    const { cache } = setup();
    const find = vi.fn(async () => session("ada", "a"));
    await cache.recent(withCookie("a"), find);
    await cache.recent(withCookie("b"), find);
    await cache.recent(new Headers({ authorization: "Bearer a" }), find);
    expect(find).toHaveBeenCalledTimes(3);
  });

  it("tells long cookie headers apart by their hash", async () => {
    const { cache } = setup();
    const find = vi.fn(async () => session("ada", "a"));
    const long = (end: string) => new Headers({ cookie: `other=${"x".repeat(2_000)}${end}` });
    await cache.recent(long("1"), find);
    await cache.recent(long("1"), find);
    await cache.recent(long("2"), find);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("shares one lookup between concurrent callers", async () => {
    const { cache } = setup();
    let answer = (_: FoundSession) => {};
    const find = vi.fn(() => new Promise<FoundSession>((resolve) => (answer = resolve)));
    const callers = [1, 2, 3].map(() => cache.recent(withCookie("a"), find));
    answer(session("ada", "a"));
    expect(await Promise.all(callers)).toHaveLength(3);
    expect(find).toHaveBeenCalledTimes(1);
  });

  it("never keeps a missing session, so a made-up token always reaches the database", async () => {
    const { cache } = setup();
    const find = vi.fn(async () => null);
    expect(await cache.recent(withCookie("forged"), find)).toBeNull();
    expect(await cache.recent(withCookie("forged"), find)).toBeNull();
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("never answers past the session's own end", async () => {
    const { clock, cache } = setup();
    const find = vi.fn(async () => session("ada", "a", 1_000));
    await cache.recent(withCookie("a"), find);
    clock.at = 1_001;
    await cache.recent(withCookie("a"), find);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("forgets a session by its token and a user's every session, leaving the rest", async () => {
    const { cache } = setup();
    const answers: Record<string, FoundSession> = {
      a1: session("ada", "a1"),
      a2: session("ada", "a2"),
      b1: session("bob", "b1"),
    };
    const find = vi.fn(async (token: string) => answers[token] ?? null);
    const recent = (token: string) => cache.recent(withCookie(token), () => find(token));
    for (const token of Object.keys(answers)) await recent(token);
    cache.forgetSession("b1");
    await recent("b1");
    expect(find).toHaveBeenCalledTimes(4);
    cache.forgetUser("ada");
    await recent("a1");
    await recent("a2");
    await recent("b1");
    expect(find).toHaveBeenCalledTimes(6);
  });

  it("does not keep an answer read before a session ended, nor hand it to later callers", async () => {
    const { cache } = setup();
    let answer = (_: FoundSession) => {};
    const stale = cache.recent(
      withCookie("a"),
      () => new Promise<FoundSession>((resolve) => (answer = resolve)),
    );
    cache.forgetSession("a");
    const after = vi.fn(async () => null);
    const later = cache.recent(withCookie("a"), after);
    answer(session("ada", "a"));
    await stale;
    expect(await later).toBeNull();
    expect(await cache.recent(withCookie("a"), after)).toBeNull();
    expect(after).toHaveBeenCalledTimes(2);
  });

  it("drops the answer a fresh lookup no longer finds", async () => {
    const { cache } = setup();
    const find = vi.fn(async () => session("ada", "a"));
    await cache.recent(withCookie("a"), find);
    expect(await cache.fresh(withCookie("a"), async () => null)).toBeNull();
    await cache.recent(withCookie("a"), find);
    expect(find).toHaveBeenCalledTimes(2);
  });

  it("holds at most maxEntries answers, dropping the oldest", async () => {
    const { cache } = setup(2);
    const find = vi.fn(async () => session("ada", "a"));
    for (const token of ["1", "2", "3"]) await cache.recent(withCookie(token), find);
    await cache.recent(withCookie("3"), find);
    await cache.recent(withCookie("2"), find);
    expect(find).toHaveBeenCalledTimes(3);
    await cache.recent(withCookie("1"), find);
    expect(find).toHaveBeenCalledTimes(4);
  });

  it("hands out an answer no caller can change", async () => {
    const { cache } = setup();
    const find = async () => session("ada", "a");
    await cache.recent(withCookie("a"), find);
    const kept = await cache.recent(withCookie("a"), find);
    expect(Object.isFrozen(kept?.user)).toBe(true);
  });
});
