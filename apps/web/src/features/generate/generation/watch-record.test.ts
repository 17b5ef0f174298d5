import { GENERATION_MESSAGES } from "@backdrop/shared";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, stubEventSource } from "../../../test/fake-browser.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  JobError,
  POLL_ATTEMPTS,
  POLL_INTERVAL_MS,
  type WatchOptions,
  watchRecord,
} from "./watch-record.ts";

const RECORD_PATH = "/api/fal/images/rec-1";

function watch(overrides: Partial<WatchOptions> = {}) {
  const controller = new AbortController();
  const onRecord = vi.fn();
  const promise = watchRecord({
    recordId: "rec-1",
    resultOf: (record) => record.processedImage?.url ?? null,
    onRecord,
    messages: {
      failed: GENERATION_MESSAGES.imageProcessingFailed,
      timedOut: GENERATION_MESSAGES.processingTimedOut,
      checkFailed: (reason) => `${GENERATION_MESSAGES.statusCheckFailed}${reason}`,
    },
    signal: controller.signal,
    ...overrides,
  });
  // keeps an early rejection from counting as unhandled before the test awaits it
  promise.catch(() => {});
  return { promise, controller, onRecord };
}

describe("watchRecord", () => {
  // The schemas load on demand (api.ts): loaded once here, a stream's record is read at once.
  beforeAll(() => import("../answer-schemas.ts"));
  beforeEach(() => {
    vi.useFakeTimers();
    stubEventSource();
  });
  afterEach(() => vi.useRealTimers());

  it("polls the record every 5 s and resolves with the processed image", async () => {
    const answers = [
      imageRecord({ stage: "cutting out" }),
      imageRecord({ stage: "composing" }),
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: "/api/files/a.png", fidelity: null },
      }),
    ];
    const fetchMock = mockApi({
      [`GET ${RECORD_PATH}`]: () => jsonResponse(200, answers.shift()),
    });
    const { promise, onRecord } = watch();

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);

    await expect(promise).resolves.toMatchObject({ url: "/api/files/a.png" });
    expect(onRecord.mock.calls.map(([record]) => record.stage)).toEqual([
      "cutting out",
      "composing",
    ]);
    expect(FakeEventSource.latest()?.closed).toBe(true);
  });

  it("shows the result the moment the live stream brings it, and stops polling", async () => {
    const fetchMock = mockApi({ [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord()) });
    const { promise, onRecord } = watch();
    const stream = FakeEventSource.latest(`${RECORD_PATH}/events`);
    expect(stream).toBeDefined();

    stream?.emit("record", imageRecord({ stage: "composing" }));
    await vi.waitFor(() =>
      expect(onRecord).toHaveBeenLastCalledWith(expect.objectContaining({ stage: "composing" })),
    );
    stream?.emit(
      "record",
      imageRecord({
        status: "completed",
        processedImage: { url: "/api/files/b.png", fidelity: null },
      }),
    );

    await expect(promise).resolves.toMatchObject({ url: "/api/files/b.png" });
    expect(stream?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(0);
  });

  it("keeps polling to the result when the server refuses the live stream", async () => {
    const answers = [
      imageRecord({ stage: "composing" }),
      imageRecord({
        status: "completed",
        processedImage: { url: "/api/files/c.png", fidelity: null },
      }),
    ];
    const fetchMock = mockApi({
      [`GET ${RECORD_PATH}`]: () => jsonResponse(200, answers.shift()),
    });
    const { promise, onRecord } = watch();
    // Too many open streams: the server answers 429 and the browser gives the stream up.
    FakeEventSource.latest(`${RECORD_PATH}/events`)?.fail();

    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    await expect(promise).resolves.toMatchObject({ url: "/api/files/c.png" });
    expect(onRecord).toHaveBeenCalledWith(expect.objectContaining({ stage: "composing" }));
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(2);
  });

  it("only polls when asked not to listen live", async () => {
    mockApi({
      [`GET ${RECORD_PATH}`]: jsonResponse(
        200,
        imageRecord({
          status: "completed",
          processedImage: { url: "/api/files/d.png", fidelity: null },
        }),
      ),
    });
    const { promise } = watch({ live: false });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await expect(promise).resolves.toMatchObject({ url: "/api/files/d.png" });
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("fails with the record's error, or the default when it has none", async () => {
    mockApi({
      [`GET ${RECORD_PATH}`]: jsonResponse(
        200,
        imageRecord({ status: "failed", error: GENERATION_MESSAGES.modelFailed }),
      ),
    });
    const first = watch();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await expect(first.promise).rejects.toThrow(GENERATION_MESSAGES.modelFailed);

    const second = watch();
    FakeEventSource.latest()?.emit("record", imageRecord({ status: "failed", error: null }));
    await expect(second.promise).rejects.toThrow(GENERATION_MESSAGES.imageProcessingFailed);
  });

  it("times out after 24 polls, two minutes", async () => {
    const fetchMock = mockApi({ [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord()) });
    const { promise } = watch();

    await vi.advanceTimersByTimeAsync((POLL_ATTEMPTS - 1) * POLL_INTERVAL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(23);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);

    await expect(promise).rejects.toThrow(GENERATION_MESSAGES.processingTimedOut);
    expect(POLL_ATTEMPTS * POLL_INTERVAL_MS).toBe(120_000);
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(24);
    expect(FakeEventSource.latest()?.closed).toBe(true);
  });

  it("does not count the time a job waits in line against its two minutes", async () => {
    let status: "queued" | "processing" = "queued";
    const fetchMock = mockApi({
      [`GET ${RECORD_PATH}`]: () =>
        jsonResponse(
          200,
          imageRecord({ status, stage: status === "queued" ? "queued" : "composing" }),
        ),
    });
    const { promise } = watch();
    const settled = vi.fn();
    promise.then(settled, settled);
    // Ten minutes in line: still watching.
    await vi.advanceTimersByTimeAsync(120 * POLL_INTERVAL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(120);
    expect(settled).not.toHaveBeenCalled();
    // Then it runs: the two minutes start.
    status = "processing";
    await vi.advanceTimersByTimeAsync(POLL_ATTEMPTS * POLL_INTERVAL_MS);
    await expect(promise).rejects.toThrow(GENERATION_MESSAGES.processingTimedOut);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(120 + POLL_ATTEMPTS);
  });

  it("stops at a 401 with the authentication message", async () => {
    mockApi({ [`GET ${RECORD_PATH}`]: jsonResponse(401, { error: "Unauthorized" }) });
    const { promise } = watch();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    await expect(promise).rejects.toThrow(GENERATION_MESSAGES.statusAuthFailed);
    await expect(promise).rejects.toBeInstanceOf(JobError);
  });

  it("explains a record it cannot read, and keeps polling through server hiccups", async () => {
    const answers = [
      jsonResponse(503, { error: "Service unavailable" }),
      jsonResponse(404, { error: "Image not found" }),
    ];
    const fetchMock = mockApi({ [`GET ${RECORD_PATH}`]: () => answers.shift() as Response });
    const { promise } = watch();
    await vi.advanceTimersByTimeAsync(2 * POLL_INTERVAL_MS);
    await expect(promise).rejects.toThrow("Error checking image status: Image not found");
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(2);
  });

  it("stops polling and listening when aborted", async () => {
    const fetchMock = mockApi({ [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord()) });
    const { promise, controller } = watch();
    controller.abort();
    await expect(promise).rejects.toMatchObject({ name: "AbortError" });
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(0);
    expect(FakeEventSource.latest()?.closed).toBe(true);
  });
});
