import { describe, expect, it, vi } from "vitest";
import { ApiError, errorMessageOf, postJson } from "./api-client.ts";

describe("errorMessageOf", () => {
  it("prefers the server's error", () => {
    expect(errorMessageOf({ error: "Nope" }, "Default")).toBe("Nope");
  });

  it.each([null, {}, { error: "" }, { error: 42 }, "text"])("falls back for %j", (body) => {
    expect(errorMessageOf(body, "Default")).toBe("Default");
  });
});

describe("postJson", () => {
  it("posts JSON and resolves with the body", async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ ok: true }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(postJson("/api/x", { a: 1 }, "Default")).resolves.toEqual({ ok: true });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.headers).toEqual({ "Content-Type": "application/json" });
    expect(init.body).toBe('{"a":1}');
  });

  it("rejects with the status and message of a failed answer", async () => {
    vi.stubGlobal("fetch", vi.fn().mockResolvedValue(new Response("<html>", { status: 413 })));
    const error = await postJson("/api/x", {}, "Default").catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 413, message: "Default" });
  });
});
