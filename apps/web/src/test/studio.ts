import type { TImageRecord } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";
import { FakeEventSource, pngFile, stubEventSource, stubImageSize } from "./fake-browser.ts";
import { imageRecord } from "./image-record.ts";
import { mockApi } from "./mock-api.ts";
import { jsonResponse, type RenderOptions, renderRoute, testUser } from "./render-route.tsx";

/** A subscriber with a payment customer and 120 tokens. */
export function subscriber(overrides: Parameters<typeof testUser>[0] = {}) {
  return testUser({
    stripeCustomerId: "cus_1",
    numOfTokens: 20,
    subscriptionTokens: 100,
    ...overrides,
  });
}

/** The browser the studio's tests run in: every photo decodes as 600 × 400, and streams are fakes. */
export function stubStudioBrowser() {
  stubImageSize(600, 400);
  stubEventSource();
}

/**
 * Stubs the API with `answers` and renders the Generate page (or `path`) for a subscriber, or
 * for the session `options` name. Returns the fetch mock with the rendered view.
 */
export function renderStudio(
  answers: Parameters<typeof mockApi>[0] = generationAnswers(),
  { path = "/", ...options }: RenderOptions & { path?: string } = {},
) {
  const fetchMock = mockApi(answers);
  return { fetchMock, ...renderRoute(path, { session: subscriber(), ...options }) };
}

/**
 * Renders the studio at the address naming rec-1, as after a reload or the gallery's "Open in
 * studio", with the record read as `record`.
 */
export function openRecordInStudio(record: TImageRecord) {
  return renderStudio(
    { ...generationAnswers(), [`GET ${RECORD_PATH}`]: jsonResponse(200, record) },
    { path: "/?record=rec-1" },
  );
}

export const ORIGINAL_URL = "/api/files/original.png";
export const PROCESSED_URL = "/api/files/processed.png";
export const RECORD_PATH = "/api/fal/images/rec-1";
export const EVENTS_PATH = `${RECORD_PATH}/events`;

/** The generation API answering as the server does for a job that is still running. */
export function generationAnswers(user = subscriber()) {
  return {
    "POST /api/fal/upload": jsonResponse(200, {
      url: ORIGINAL_URL,
      savedBaseImage: { _id: "rec-1" },
    }),
    "POST /api/fal/process": jsonResponse(200, {
      request_id: "job-1",
      status: "queued",
      message: "Image processing started",
    }),
    [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord({ status: "queued", stage: "queued" })),
    "GET /api/auth/get-user-by-uid": jsonResponse(200, user.details),
  };
}

export function photo(name = "coffee.png") {
  return pngFile(name);
}

/**
 * The streams a signed-in studio opens on a picked photo's record, to learn when its subject
 * is cut out: `recordStream` leaves them out, so it finds the jobs' streams.
 */
const photoStreams = new WeakSet<FakeEventSource>();

/**
 * Picks a photo (its size comes from `stubImageSize`) and types a prompt. A signed-in studio
 * uploads the photo at once and watches its record: this waits until that watch is open (or
 * the upload failed), so Generate then uses the upload, and returns the watch's stream.
 */
export async function fillStudio(user: UserEvent, prompt = "Sandy beach at golden hour") {
  const streamsBefore = FakeEventSource.instances.length;
  await user.upload(screen.getByLabelText("Your photo"), photo());
  await screen.findByRole("img", { name: "Preview of coffee.png" });
  const watch = await awaitPhotoWatch(streamsBefore);
  if (prompt) await user.type(screen.getByLabelText("Describe the new background"), prompt);
  return watch;
}

/**
 * Waits while the picked photo is "Preparing subject…" until its record's stream is open
 * (one opened after the first `streamsBefore`), and sets that stream aside. Returns it, or
 * undefined when there is none: signed out, or the upload failed.
 */
export async function awaitPhotoWatch(streamsBefore = 0): Promise<FakeEventSource | undefined> {
  const opened = () => FakeEventSource.instances.slice(streamsBefore);
  await waitFor(() =>
    expect(opened().length > 0 || screen.queryByText("Preparing subject…") === null).toBe(true),
  );
  for (const stream of opened()) photoStreams.add(stream);
  return opened().at(-1);
}

function jobStreams() {
  return FakeEventSource.instances.filter(
    (stream) => stream.url.endsWith(EVENTS_PATH) && !photoStreams.has(stream),
  );
}

/** The live stream the studio's `opened`-th job opened on the record, once it is open. */
export async function recordStream(opened = 1): Promise<FakeEventSource> {
  await waitFor(() => expect(jobStreams()).toHaveLength(opened));
  return jobStreams().at(-1) as FakeEventSource;
}

/** The server pushes the record finished, its result at PROCESSED_URL. */
export function emitCompleted(stream: FakeEventSource) {
  stream.emit(
    "record",
    imageRecord({
      status: "completed",
      stage: null,
      processedImage: { url: PROCESSED_URL, fidelity: null },
    }),
  );
}

/** Presses Generate and lets the server push the finished record. */
export async function generateToResult(user: UserEvent) {
  await fillStudio(user);
  await user.click(screen.getByRole("button", { name: "Generate" }));
  const stream = await recordStream();
  emitCompleted(stream);
  await screen.findByRole("button", { name: "Download" });
  return stream;
}

export function resultImage() {
  return screen.getByRole("img", { name: /^Your photo with the new background/ });
}
