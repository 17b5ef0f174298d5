import { screen, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { FakeEventSource, pngFile } from "./fake-browser.ts";
import { imageRecord } from "./image-record.ts";
import { jsonResponse } from "./render-route.tsx";
import { renderStudio, subscriber } from "./studio.ts";

/** `count` distinct photo files: photo-1.png, photo-2.png… */
export function photoFiles(count: number): File[] {
  return Array.from({ length: count }, (_, index) => pngFile(`photo-${index + 1}.png`));
}

export const recordPath = (n: number) => `/api/fal/images/rec-${n}`;

/** The newest stream opened on record `n`'s events, if any. */
export const recordEvents = (n: number) => FakeEventSource.latest(`${recordPath(n)}/events`);
export const resultUrl = (n: number) => `/api/files/result-${n}.png`;

/**
 * The API for a batch: each upload answers the next record, rec-1, rec-2… (uploads are made
 * in the batch's order), each job is accepted, and each record reads as queued.
 */
export function batchAnswers(user = subscriber(), records = 25) {
  let uploads = 0;
  const answers: Record<string, Response | (() => Response)> = {
    "POST /api/fal/upload": () => {
      uploads += 1;
      return jsonResponse(200, {
        url: `/api/files/original-${uploads}.png`,
        savedBaseImage: { _id: `rec-${uploads}` },
      });
    },
    "POST /api/fal/process": jsonResponse(200, {
      request_id: "job",
      status: "queued",
      message: "Image processing started",
    }),
    "GET /api/auth/get-user-by-uid": jsonResponse(200, user.details),
  };
  for (let n = 1; n <= records; n += 1) {
    answers[`GET ${recordPath(n)}`] = jsonResponse(
      200,
      imageRecord({ _id: `rec-${n}`, status: "queued", stage: "queued" }),
    );
  }
  return answers;
}

/** Picks these files in the studio's photo picker, as a person choosing several would. */
export async function pickPhotos(user: UserEvent, files: File[]) {
  await user.upload(screen.getByLabelText("Your photo"), files);
}

/** Picks `count` photos and waits for the batch to show them all. */
export async function openBatch(user: UserEvent, count: number) {
  await pickPhotos(user, photoFiles(count));
  await screen.findByRole("heading", { name: `Batch of ${count} photos` });
}

/**
 * Renders the studio for a subscriber with the API answering `answers`, opens a batch of
 * `count` photos, types `prompt` and presses Generate all. Returns the fetch mock and the view.
 */
export async function startBatch(
  count: number,
  answers: Parameters<typeof renderStudio>[0] = batchAnswers(),
  prompt = "Sandy beach at golden hour",
) {
  const view = renderStudio(answers);
  await openBatch(view.user, count);
  await view.user.type(screen.getByLabelText("Describe the new background"), prompt);
  await view.user.click(screen.getByRole("button", { name: `Generate all ${count}` }));
  return view;
}

/** The batch's tiles, in order. */
export function batchTiles() {
  return within(screen.getByRole("list", { name: "Photos in this batch" })).queryAllByRole(
    "listitem",
  );
}

/** Queries inside the tile of the photo named `name`. */
export function tile(name: string) {
  return within(screen.getByRole("listitem", { name }));
}

/** A record of the batch as its job ends with a result. */
export function completedRecord(n: number) {
  return imageRecord({
    _id: `rec-${n}`,
    status: "completed",
    stage: null,
    processedImage: { url: resultUrl(n), fidelity: null },
  });
}
