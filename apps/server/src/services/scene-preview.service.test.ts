import type { TScenePreviewResponse } from "@backdrop/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { SubjectCutout } from "../engines/image-engine.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";
import {
  createScenePreviewService,
  type PreviewAsker,
  type PreviewOutcome,
} from "./scene-preview.service.ts";

const VISITOR: PreviewAsker = { visitor: true };
const ADA: PreviewAsker = { userId: "ada" };

/** An engine whose previews finish only when the test says, each in turn. */
function heldEngine() {
  const waiting: { prompt: string; finish(): void }[] = [];
  const previewScene = vi.fn(
    (prompt: string) =>
      new Promise<TScenePreviewResponse>((resolve) => {
        waiting.push({
          prompt,
          finish: () => resolve({ understood: [prompt], ignored: [], preview: null }),
        });
      }),
  );
  return { previewScene, waiting };
}

const unlimited: RateLimiter = { hit: async () => ({ allowed: true, remaining: 1 }) };

function service(options: { paid?: () => boolean; budget?: RateLimiter; pauseMs?: number } = {}) {
  const engine = heldEngine();
  const previews = createScenePreviewService({
    engine,
    visitorBudget: options.budget ?? unlimited,
    paidWorkRunning: options.paid ?? (() => false),
    gate: { refusalPauseMs: options.pauseMs ?? 0 },
  });
  return { engine, previews };
}

const ask = (
  previews: ReturnType<typeof service>["previews"],
  prompt: string,
  who: PreviewAsker = VISITOR,
) => previews.preview({ prompt }, who);

/** Lets every request asked so far reach its place in line. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe("scene previews on a budget", () => {
  it("draws one at a time, signed-in users ahead of visitors waiting", async () => {
    const { engine, previews } = service();
    const order: string[] = [];
    const track = (p: Promise<PreviewOutcome>, name: string) =>
      p.then((outcome) => {
        order.push(name);
        return outcome;
      });
    const first = track(ask(previews, "first"), "first");
    await settle();
    const visitor = track(ask(previews, "visitor"), "visitor");
    await settle();
    const user = track(ask(previews, "user", ADA), "user");
    await settle();
    expect(engine.waiting).toHaveLength(1);
    engine.waiting[0]?.finish();
    await first;
    await vi.waitFor(() => expect(engine.waiting).toHaveLength(2));
    expect(engine.waiting[1]?.prompt).toBe("user");
    engine.waiting[1]?.finish();
    await user;
    await vi.waitFor(() => expect(engine.waiting).toHaveLength(3));
    engine.waiting[2]?.finish();
    await visitor;
    expect(order).toEqual(["first", "user", "visitor"]);
  });

  it("refuses visitors past a short line, and any that waited too long", async () => {
    vi.useFakeTimers();
    const { engine, previews } = service();
    const drawing = ask(previews, "drawing");
    const waiters = [ask(previews, "a"), ask(previews, "b")];
    expect(await ask(previews, "c")).toEqual({ drawn: false, retryAfterSeconds: 2 });
    await vi.advanceTimersByTimeAsync(2_000);
    for (const waiter of waiters) expect(await waiter).toMatchObject({ drawn: false });
    engine.waiting[0]?.finish();
    expect(await drawing).toMatchObject({ drawn: true });
  });

  it("turns visitors away while paid work runs here, even those already waiting", async () => {
    let paid = false;
    const { engine, previews } = service({ paid: () => paid });
    const drawing = ask(previews, "drawing");
    await settle();
    const waiting = ask(previews, "waiting");
    await settle();
    paid = true;
    expect(await ask(previews, "new")).toMatchObject({ drawn: false });
    engine.waiting[0]?.finish();
    await drawing;
    expect(await waiting).toMatchObject({ drawn: false });
    expect(engine.previewScene).toHaveBeenCalledOnce();
    // A signed-in user is drawn regardless.
    const user = ask(previews, "user", ADA);
    await vi.waitFor(() => expect(engine.waiting).toHaveLength(2));
    engine.waiting[1]?.finish();
    expect(await user).toMatchObject({ drawn: true });
  });

  it("answers a request drawn before from memory, and shares one being drawn", async () => {
    const budget = vi.fn(unlimited.hit);
    const { engine, previews } = service({ budget: { hit: budget } });
    const one = ask(previews, "same");
    await settle();
    const two = ask(previews, "same");
    await vi.waitFor(() => expect(engine.waiting).toHaveLength(1));
    engine.waiting[0]?.finish();
    expect(await one).toEqual(await two);
    expect(await ask(previews, "same")).toMatchObject({ drawn: true });
    expect(engine.previewScene).toHaveBeenCalledOnce();
    // Only the drawing spent the visitors' budget.
    expect(budget).toHaveBeenCalledOnce();
  });

  it("passes the budget's own wait on when the visitors have spent it", async () => {
    const { engine, previews } = service({
      budget: { hit: async () => ({ allowed: false, retryAfterSeconds: 7 }) },
    });
    expect(await ask(previews, "x")).toEqual({ drawn: false, retryAfterSeconds: 7 });
    expect(engine.previewScene).not.toHaveBeenCalled();
    const user = ask(previews, "x", ADA);
    await vi.waitFor(() => expect(engine.waiting).toHaveLength(1));
    engine.waiting[0]?.finish();
    expect(await user).toMatchObject({ drawn: true });
  });

  it("answers a refused visitor after a pause", async () => {
    vi.useFakeTimers();
    const { previews } = service({ paid: () => true, pauseMs: 1_000 });
    let answered = false;
    const visitor = ask(previews, "x").then((outcome) => {
      answered = true;
      return outcome;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await visitor).toEqual({ drawn: false, retryAfterSeconds: 2 });
  });

  it("reads the asker's own upload for its note, and keeps that answer to its owner", async () => {
    const engine = {
      previewScene: vi.fn(async (prompt: string, _aspect?: unknown, photo?: SubjectCutout) => ({
        understood: [prompt],
        ignored: [],
        preview: null,
        ...(photo ? { note: "fills" } : {}),
      })),
    };
    const photo: SubjectCutout = {
      bytes: Buffer.from("png"),
      contentType: "image/png",
      width: 2,
      height: 2,
    };
    const subjectOf = vi.fn(async (recordId: string, userId: string) =>
      recordId === "ada-photo" && userId === "ada" ? photo : undefined,
    );
    const previews = createScenePreviewService({
      engine,
      visitorBudget: unlimited,
      paidWorkRunning: () => false,
      subjectOf,
    });
    const request = { prompt: "on a beach", recordId: "ada-photo" };
    expect(await previews.preview(request, ADA)).toMatchObject({ reading: { note: "fills" } });
    expect(engine.previewScene).toHaveBeenLastCalledWith("on a beach", undefined, photo);
    // Another user naming Ada's record, and a visitor, get the photo-less answer.
    expect(await previews.preview(request, { userId: "bob" })).toMatchObject({
      reading: { understood: ["on a beach"] },
    });
    expect(await previews.preview(request, { userId: "bob" })).not.toHaveProperty("reading.note");
    expect(await previews.preview(request, VISITOR)).not.toHaveProperty("reading.note");
    // A visitor's request does not even look the record up.
    expect(subjectOf).toHaveBeenCalledTimes(3);
  });
});
