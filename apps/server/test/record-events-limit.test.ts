import { getEventListeners } from "node:events";
import { GENERATION_MESSAGES as M } from "@backdrop/shared";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { MAX_STREAMS_PER_USER } from "../src/routes/record-events.routes.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { upload } from "./helpers/generations.ts";
import { asCookie, type SignedIn } from "./helpers/identity.ts";
import { adaAndBob } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

describeEachDatabase("record event streams per user", (database) => {
  let t: ReturnType<typeof createTestApp>;
  let ada: SignedIn;
  let bob: SignedIn;
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];

  beforeEach(async () => {
    t = createTestApp(database.handle(), { engine: scriptedEngine().engine });
    ({ ada, bob } = await adaAndBob(t));
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.cancel().catch(() => {});
    await t.container.close();
  });

  const events = (user: SignedIn, recordId: string) =>
    t.app.request(`/api/fal/images/${recordId}/events`, { headers: asCookie(user) });

  /** Opens a stream and reads its first event, so it is known to be open and sending. */
  async function openStream(user: SignedIn, recordId: string) {
    const res = await events(user, recordId);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    readers.push(reader);
    const decoder = new TextDecoder();
    let text = "";
    while (!/event: record/.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error("stream ended");
      text += decoder.decode(value);
    }
    return reader;
  }

  it("holds at most 8 open streams per user; the next is refused with 429", async () => {
    expect(MAX_STREAMS_PER_USER).toBe(8);
    const [first, second] = [await upload(t, ada), await upload(t, ada)];
    const open: ReadableStreamDefaultReader<Uint8Array>[] = [];
    for (let i = 0; i < 8; i += 1) {
      open.push(await openStream(ada, (i % 2 === 0 ? first : second).recordId));
    }

    const refused = await events(ada, first.recordId);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: M.tooManyLiveUpdates });

    // Another user is counted apart.
    const bobs = await upload(t, bob);
    await openStream(bob, bobs.recordId);

    // Closing one of Ada's streams frees its slot.
    await open[3]?.cancel();
    await vi.waitFor(async () => {
      const res = await events(ada, second.recordId);
      if (res.status === 200) readers.push((res.body as ReadableStream<Uint8Array>).getReader());
      expect(res.status).toBe(200);
    });
    expect((await events(ada, first.recordId)).status).toBe(429);
  });

  it("leaves no listener behind on the server's closing signal once a stream ends", async () => {
    const closing = t.container.closing.signal;
    const before = getEventListeners(closing, "abort").length;
    const adas = await upload(t, ada);
    const streams = [];
    for (let i = 0; i < 3; i += 1) streams.push(await openStream(ada, adas.recordId));
    expect(getEventListeners(closing, "abort").length).toBe(before + 3);

    for (const stream of streams) await stream.cancel();
    await vi.waitFor(() => expect(getEventListeners(closing, "abort").length).toBe(before));
  });

  it("holds more than ten streams at once without a listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const [adas, bobs] = [await upload(t, ada), await upload(t, bob)];
      for (let i = 0; i < 8; i += 1) await openStream(ada, adas.recordId);
      for (let i = 0; i < 3; i += 1) await openStream(bob, bobs.recordId);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });

  it("does not take a slot for a record that is not the user's", async () => {
    const bobs = await upload(t, bob);
    for (let i = 0; i < 10; i += 1) expect((await events(ada, bobs.recordId)).status).toBe(404);
    const adas = await upload(t, ada);
    await openStream(ada, adas.recordId);
  });
});
