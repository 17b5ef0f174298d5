import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource, pngFile } from "../../../test/fake-browser.ts";
import { fakeTimersInEachTest } from "../../../test/fake-timers.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import {
  EVENTS_PATH,
  fillStudio,
  generationAnswers,
  ORIGINAL_URL,
  PROCESSED_URL,
  photo,
  RECORD_PATH,
  recordStream,
  renderStudio,
  stubStudioBrowser,
} from "../../../test/studio.ts";
import { SUBJECT_POLL_MS, SUBJECT_POLLS } from "./use-subject-status.ts";

const CUTOUT_URL = "/api/files/cutout.png";
const generate = () => screen.getByRole("button", { name: "Generate" });
const result = () => screen.getByRole("region", { name: "Result" });
const uploads = (fetchMock: ReturnType<typeof mockApi>) => callsTo(fetchMock, "/api/fal/upload");
const processed = (fetchMock: ReturnType<typeof mockApi>) => callsTo(fetchMock, "/api/fal/process");

/** The picked photo's record as the server holds it before any generation. */
function uploadedRecord(cutout: string | null = null) {
  return imageRecord({
    status: "uploaded",
    stage: null,
    prompt: null,
    cutoutImage: cutout ? { url: cutout } : null,
  });
}

/** The upload answering with a new record each time: rec-1, then rec-2, … */
function numberedUploads() {
  let count = 0;
  return () => {
    count += 1;
    return jsonResponse(200, {
      url: `/api/files/original-${count}.png`,
      savedBaseImage: { _id: `rec-${count}` },
    });
  };
}

/**
 * Renders the studio, picks a photo and types a prompt while the photo's upload is still on
 * its way: it answers with what `land` is given. Any later upload answers at once, as
 * numberedUploads does.
 */
async function pickWhileUploading() {
  let answerPick: (answer: Response) => void = () => {};
  const later = numberedUploads();
  let calls = 0;
  const view = renderStudio({
    ...generationAnswers(),
    "POST /api/fal/upload": () => {
      calls += 1;
      return calls === 1 ? new Promise<Response>((resolve) => (answerPick = resolve)) : later();
    },
  });
  await view.user.upload(screen.getByLabelText("Your photo"), photo());
  expect(await screen.findByText("Preparing subject…")).toBeInTheDocument();
  await view.user.type(screen.getByLabelText("Describe the new background"), "Sandy beach");
  return { ...view, land: (answer: Response) => answerPick(answer) };
}

describe("the photo is uploaded when it is picked", () => {
  beforeEach(stubStudioBrowser);

  it("uploads a signed-in user's photo at once, and says when its subject is ready", async () => {
    const { user, fetchMock } = renderStudio();

    const watch = await fillStudio(user, "");

    expect(uploads(fetchMock)).toHaveLength(1);
    const form = uploads(fetchMock)[0]?.body as FormData;
    expect((form.get("image") as File).name).toBe("coffee.png");
    expect(form.get("userUid")).toBe("user-1");
    expect(watch?.url).toBe(EVENTS_PATH);
    const status = screen.getByText("Preparing subject…");
    expect(status.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(screen.queryByText("Subject ready")).not.toBeInTheDocument();

    watch?.emit("record", uploadedRecord());
    expect(screen.getByText("Preparing subject…")).toBeInTheDocument();
    watch?.emit("record", uploadedRecord(CUTOUT_URL));

    expect(await screen.findByText("Subject ready")).toBeInTheDocument();
    expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument();
    expect(watch?.closed).toBe(true);
  });

  it("offers Refine cut-out once the subject is ready, opening the editor on the upload's mask", async () => {
    const { user, fetchMock } = renderStudio();
    const watch = await fillStudio(user, "");

    const refine = await screen.findByRole("button", { name: "Refine cut-out" });
    expect(refine).toBeDisabled();
    watch?.emit("record", uploadedRecord(CUTOUT_URL));
    await waitFor(() => expect(refine).toBeEnabled());

    await user.click(refine);
    expect(await screen.findByRole("dialog", { name: "Refine cut-out" })).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/uploads/rec-1/mask")).toHaveLength(1));
  });

  it("uploads nothing for a visitor who has not logged in", async () => {
    const fetchMock = mockApi(generationAnswers());
    const { user } = renderRoute("/");

    await fillStudio(user);

    expect(uploads(fetchMock)).toHaveLength(0);
    expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it("says nothing when the upload fails: Generate uploads again and shows its error", async () => {
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upload": jsonResponse(413, { error: GENERATION_MESSAGES.tooManyUploads }),
    });
    await fillStudio(user);

    expect(uploads(fetchMock)).toHaveLength(1);
    expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument();
    expect(screen.queryByText(GENERATION_MESSAGES.tooManyUploads)).not.toBeInTheDocument();

    await user.click(generate());

    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.tooManyUploads,
    );
    expect(uploads(fetchMock)).toHaveLength(2);
  });

  it("stops watching when the photo is removed, and forgets an upload that lands after", async () => {
    let land: (answer: Response) => void = () => {};
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upload": () => new Promise<Response>((resolve) => (land = resolve)),
    });
    await user.upload(screen.getByLabelText("Your photo"), pngFile("first.png"));
    expect(await screen.findByText("Preparing subject…")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove photo" }));
    expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument();
    land(jsonResponse(200, { url: ORIGINAL_URL, savedBaseImage: { _id: "rec-1" } }));
    await waitFor(() => expect(uploads(fetchMock)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toHaveLength(0);

    // The next photo is uploaded and watched afresh; removing it ends the watch.
    mockApi({ ...generationAnswers(), "POST /api/fal/upload": numberedUploads() });
    const watch = await fillStudio(user, "");
    expect(watch?.url).toBe("/api/fal/images/rec-1/events");
    await user.click(screen.getByRole("button", { name: "Remove photo" }));
    expect(watch?.closed).toBe(true);
    expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument();
  });
});

describe("Generate uses the photo's upload", () => {
  beforeEach(stubStudioBrowser);

  it("starts on the uploaded record without uploading again; a second Generate uploads again", async () => {
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upload": numberedUploads(),
    });
    const watch = await fillStudio(user);
    expect(uploads(fetchMock)).toHaveLength(1);

    await user.click(generate());

    await waitFor(() => expect(processed(fetchMock)).toHaveLength(1));
    expect(processed(fetchMock)[0]?.body).toMatchObject({
      savedRecordId: "rec-1",
      imageUrl: "/api/files/original-1.png",
    });
    expect(uploads(fetchMock)).toHaveLength(1);
    // The job's own watch takes the record over.
    expect(watch?.closed).toBe(true);
    (await recordStream()).emit(
      "record",
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
      }),
    );
    await screen.findByRole("button", { name: "Download" });

    await user.click(generate());

    await waitFor(() => expect(processed(fetchMock)).toHaveLength(2));
    expect(uploads(fetchMock)).toHaveLength(2);
    expect(processed(fetchMock)[1]?.body).toMatchObject({
      savedRecordId: "rec-2",
      imageUrl: "/api/files/original-2.png",
    });
  });

  it("waits for the photo's upload still on its way instead of uploading it again", async () => {
    const { user, fetchMock, land } = await pickWhileUploading();

    await user.click(generate());
    expect(uploads(fetchMock)).toHaveLength(1);
    land(jsonResponse(200, { url: "/api/files/picked.png", savedBaseImage: { _id: "rec-1" } }));

    await waitFor(() => expect(processed(fetchMock)).toHaveLength(1));
    expect(processed(fetchMock)[0]?.body).toMatchObject({
      savedRecordId: "rec-1",
      imageUrl: "/api/files/picked.png",
    });
    expect(uploads(fetchMock)).toHaveLength(1);
    // Only the job watches the record: the subject's note does not take it up once it lands.
    expect((await recordStream()).url).toBe(EVENTS_PATH);
    await waitFor(() => expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument());
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("uploads again when the upload Generate waited for fails", async () => {
    const { user, fetchMock, land } = await pickWhileUploading();

    await user.click(generate());
    land(jsonResponse(500, { error: "Upload failed" }));

    await waitFor(() => expect(processed(fetchMock)).toHaveLength(1));
    expect(uploads(fetchMock)).toHaveLength(2);
    expect(processed(fetchMock)[0]?.body).toMatchObject({
      savedRecordId: "rec-1",
      imageUrl: "/api/files/original-1.png",
    });
  });

  it("keeps 'Subject ready' once Generate has taken the record", async () => {
    const { user } = renderStudio();
    const watch = await fillStudio(user);
    watch?.emit("record", uploadedRecord(CUTOUT_URL));
    await screen.findByText("Subject ready");

    await user.click(generate());
    await recordStream();

    expect(screen.getByText("Subject ready")).toBeInTheDocument();
  });
});

describe("the subject's readiness by polling", () => {
  fakeTimersInEachTest();
  beforeEach(stubStudioBrowser);

  it("polls every 3 s when the stream brings nothing, until the record has its cut-out", async () => {
    const answers = [uploadedRecord(), uploadedRecord(CUTOUT_URL)];
    const { user, fetchMock } = renderStudio(
      { ...generationAnswers(), [`GET ${RECORD_PATH}`]: () => jsonResponse(200, answers.shift()) },
      { advanceTimers: vi.advanceTimersByTime },
    );
    await fillStudio(user, "");
    const polls = () => callsTo(fetchMock, RECORD_PATH).length;
    const before = polls();

    await vi.advanceTimersByTimeAsync(SUBJECT_POLL_MS);
    expect(polls()).toBe(before + 1);
    expect(screen.getByText("Preparing subject…")).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(SUBJECT_POLL_MS);

    expect(await screen.findByText("Subject ready")).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(5 * SUBJECT_POLL_MS);
    expect(polls()).toBe(before + 2);
  });

  it("gives up quietly after two minutes, and Generate still works", async () => {
    const { user, fetchMock } = renderStudio(
      { ...generationAnswers(), [`GET ${RECORD_PATH}`]: () => jsonResponse(200, uploadedRecord()) },
      { advanceTimers: vi.advanceTimersByTime },
    );
    const watch = await fillStudio(user);

    await vi.advanceTimersByTimeAsync(SUBJECT_POLLS * SUBJECT_POLL_MS);

    await waitFor(() => expect(screen.queryByText("Preparing subject…")).not.toBeInTheDocument());
    expect(SUBJECT_POLLS * SUBJECT_POLL_MS).toBe(120_000);
    expect(watch?.closed).toBe(true);
    expect(screen.queryByText("Subject ready")).not.toBeInTheDocument();
    expect(screen.queryByText(GENERATION_MESSAGES.processingTimedOut)).not.toBeInTheDocument();
    const polls = callsTo(fetchMock, RECORD_PATH).length;
    await vi.advanceTimersByTimeAsync(5 * SUBJECT_POLL_MS);
    expect(callsTo(fetchMock, RECORD_PATH)).toHaveLength(polls);

    await user.click(generate());
    await recordStream();
    expect(processed(fetchMock)[0]?.body).toMatchObject({ savedRecordId: "rec-1" });
    expect(uploads(fetchMock)).toHaveLength(1);
  });
});
