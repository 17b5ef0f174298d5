import { GENERATION_DEFAULTS, GENERATION_MESSAGES, storageQuotaMessage } from "@backdrop/shared";
import { act, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeTimersInEachTest } from "../../../test/fake-timers.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  EVENTS_PATH,
  fillStudio,
  generationAnswers,
  ORIGINAL_URL,
  PROCESSED_URL,
  RECORD_PATH,
  recordStream,
  renderStudio,
  resultImage,
  stubStudioBrowser,
} from "../../../test/studio.ts";
import { stageSpan } from "../progress/job-estimate.ts";
import { POLL_ATTEMPTS, POLL_INTERVAL_MS } from "./watch-record.ts";

const generate = () => screen.getByRole("button", { name: "Generate" });
const result = () => screen.getByRole("region", { name: "Result" });

/**
 * How many times the record is read from now on. The photo's own watch may have polled it
 * while the studio was filled in; it stops once Generate takes the record over.
 */
function pollsFrom(fetchMock: ReturnType<typeof mockApi>) {
  const earlier = callsTo(fetchMock, RECORD_PATH).length;
  return () => callsTo(fetchMock, RECORD_PATH).length - earlier;
}

describe("generating (SPEC point 4)", () => {
  beforeEach(stubStudioBrowser);

  it("uploads, starts the job, shows its stage and shows the result the moment it is pushed", async () => {
    const { user, fetchMock } = renderStudio();
    await fillStudio(user);
    await user.click(screen.getByRole("radio", { name: "Queue" }));
    await user.click(screen.getByRole("radio", { name: "Soft" }));
    expect(screen.getByText("Your result will appear here")).toBeInTheDocument();

    await user.click(generate());
    const jobPolls = pollsFrom(fetchMock);

    const stream = await recordStream();
    expect(stream.url).toBe(EVENTS_PATH);
    const [upload] = callsTo(fetchMock, "/api/fal/upload");
    expect(upload?.body).toBeInstanceOf(FormData);
    const form = upload?.body as FormData;
    expect((form.get("image") as File).name).toBe("coffee.png");
    expect(form.get("userUid")).toBe("user-1");
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toEqual({
      prompt: "Sandy beach at golden hour",
      imageUrl: ORIGINAL_URL,
      options: GENERATION_DEFAULTS,
      savedRecordId: "rec-1",
      userUid: "user-1",
      processingMethod: "queue",
      shadow: "soft",
      aspect: "original",
      variations: 1,
      relightProduct: false,
    });
    // the tokens were spent: the header's balance is fetched again at once
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, "/api/auth/get-user-by-uid").length).toBeGreaterThan(0),
    );

    stream.emit("record", imageRecord({ stage: "cutting out" }));
    expect(await within(result()).findByText("Cutting out your subject…")).toBeInTheDocument();
    // The bar is within the cut-out's share of the job, moving with time (job-estimate.ts).
    const bar = within(result()).getByRole("progressbar", { name: "Generation progress" });
    const cut = stageSpan("queue", "cutting out");
    const composing = stageSpan("queue", "composing");
    const now = () => Number(bar.getAttribute("aria-valuenow"));
    await waitFor(() => expect(now()).toBeGreaterThanOrEqual(Math.floor((cut?.start ?? 1) * 100)));
    expect(now()).toBeLessThan(Math.floor((composing?.start ?? 0) * 100) + 1);
    expect(screen.getByRole("button", { name: "Generating…" })).toBeDisabled();

    stream.emit(
      "record",
      imageRecord({
        status: "completed",
        stage: null,
        processedImage: { url: PROCESSED_URL, fidelity: null },
      }),
    );

    expect(await within(result()).findByRole("button", { name: "Download" })).toBeInTheDocument();
    expect(resultImage()).toHaveAttribute("src", PROCESSED_URL);
    for (const name of ["Upscale 2x", /^Edit with AI/, "New Image"]) {
      expect(screen.getByRole("button", { name })).toBeInTheDocument();
    }
    expect(screen.getByRole("slider", { name: "Compare with the original" })).toHaveAttribute(
      "aria-valuetext",
      "50% original, 50% result",
    );
    expect(stream.closed).toBe(true);
    expect(jobPolls()).toBe(0);
  });

  it("shows the record's error when the job fails, and tries again", async () => {
    const { user, fetchMock } = renderStudio();
    await fillStudio(user);
    await user.click(generate());

    (await recordStream()).emit(
      "record",
      imageRecord({ status: "failed", stage: null, error: GENERATION_MESSAGES.modelFailed }),
    );

    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.modelFailed,
    );
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await recordStream(2);
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(2);
  });

  it("says 'Image processing failed' when a failed record carries no reason", async () => {
    const { user } = renderStudio();
    await fillStudio(user);
    await user.click(generate());
    (await recordStream()).emit("record", imageRecord({ status: "failed", error: null }));
    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.imageProcessingFailed,
    );
  });

  it("shows the server's upload error, or the spec's default", async () => {
    const { user } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upload": jsonResponse(415, { error: GENERATION_MESSAGES.notAnImage }),
    });
    await fillStudio(user);
    await user.click(generate());
    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.notAnImage,
    );

    mockApi({
      ...generationAnswers(),
      "POST /api/fal/upload": () => new Response("<html>Bad gateway</html>", { status: 502 }),
    });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await within(result()).findByText(GENERATION_MESSAGES.uploadFailed)).toBeInTheDocument();
  });

  it("says when the storage quota or the upload rate stops an upload", async () => {
    const quota = storageQuotaMessage(250_000_000);
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/upload": jsonResponse(413, { error: quota }),
    });
    await fillStudio(user);
    await user.click(generate());
    expect(await within(result()).findByRole("alert")).toHaveTextContent(quota);
    expect(quota).toContain("250 MB");
    expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(0);

    mockApi({
      ...generationAnswers(),
      "POST /api/fal/upload": jsonResponse(429, { error: GENERATION_MESSAGES.tooManyUploads }),
    });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.tooManyUploads,
    );
  });

  it("shows the server's process error, or 'Failed to start image processing'", async () => {
    const { user, fetchMock } = renderStudio({
      ...generationAnswers(),
      "POST /api/fal/process": jsonResponse(409, { error: GENERATION_MESSAGES.alreadyProcessing }),
    });
    await fillStudio(user);
    await user.click(generate());
    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.alreadyProcessing,
    );

    mockApi({
      ...generationAnswers(),
      "POST /api/fal/process": () => new Response("", { status: 500 }),
    });
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await within(result()).findByText(GENERATION_MESSAGES.startFailed)).toBeInTheDocument();
    expect(callsTo(fetchMock, EVENTS_PATH)).toHaveLength(0);
  });

  it("resets to an empty form with New Image", async () => {
    const { user } = renderStudio();
    await fillStudio(user);
    await user.click(generate());
    (await recordStream()).emit(
      "record",
      imageRecord({ status: "completed", processedImage: { url: PROCESSED_URL, fidelity: null } }),
    );
    await user.click(await screen.findByRole("button", { name: "New Image" }));

    expect(screen.getByText("Your result will appear here")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: /Preview of/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText("Describe the new background")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Realtime" })).toBeChecked();
    expect(screen.getByLabelText("Your photo")).toHaveFocus();
  });
});

describe("waiting by polling alone", () => {
  fakeTimersInEachTest();
  beforeEach(stubStudioBrowser);

  it("polls every 5 s and times out after 24 polls (2 minutes) of the job running", async () => {
    const { user, fetchMock } = renderStudio(
      {
        ...generationAnswers(),
        [`GET ${RECORD_PATH}`]: jsonResponse(200, imageRecord({ stage: "composing" })),
      },
      { advanceTimers: vi.advanceTimersByTime },
    );
    await fillStudio(user);
    await user.click(generate());
    const jobPolls = pollsFrom(fetchMock);
    await recordStream();
    expect(await within(result()).findByText("Waiting in the queue…")).toBeInTheDocument();

    for (let poll = 1; poll < POLL_ATTEMPTS; poll++) {
      await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    }
    expect(jobPolls()).toBe(POLL_ATTEMPTS - 1);
    expect(screen.queryByText(GENERATION_MESSAGES.processingTimedOut)).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);

    expect(await within(result()).findByRole("alert")).toHaveTextContent(
      GENERATION_MESSAGES.processingTimedOut,
    );
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(jobPolls()).toBe(POLL_ATTEMPTS);
  });

  it("shows the result a poll finds", async () => {
    const answers = [
      imageRecord({ stage: "composing" }),
      imageRecord({ status: "completed", processedImage: { url: PROCESSED_URL, fidelity: null } }),
    ];
    const { user } = renderStudio(generationAnswers(), { advanceTimers: vi.advanceTimersByTime });
    await fillStudio(user);
    await user.click(generate());
    await recordStream();
    // Only now: the photo's own watch may have polled while the studio was filled in.
    mockApi({
      ...generationAnswers(),
      [`GET ${RECORD_PATH}`]: () => jsonResponse(200, answers.shift()),
    });

    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(await within(result()).findByText("Composing the new scene…")).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(await within(result()).findByRole("button", { name: "Download" })).toBeInTheDocument();
  });

  it("stops polling when the person leaves the page", async () => {
    const { user, router, fetchMock } = renderStudio(generationAnswers(), {
      advanceTimers: vi.advanceTimersByTime,
    });
    await fillStudio(user);
    await user.click(generate());
    const jobPolls = pollsFrom(fetchMock);
    const stream = await recordStream();

    await act(() => router.navigate("/pricing"));
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Result" })).not.toBeInTheDocument(),
    );
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);

    expect(jobPolls()).toBe(0);
    expect(stream.closed).toBe(true);
  });
});
