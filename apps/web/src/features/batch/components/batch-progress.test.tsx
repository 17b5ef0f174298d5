import { GENERATION_MESSAGES } from "@backdrop/shared";
import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import {
  batchAnswers,
  completedRecord,
  recordEvents,
  recordPath,
  resultUrl,
  startBatch,
  tile,
} from "../../../test/batch.ts";
import { FakeEventSource } from "../../../test/fake-browser.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import { stubStudioBrowser } from "../../../test/studio.ts";

/** The live stream the batch opened on record `n`, once it is open. */
async function streamOf(n: number): Promise<FakeEventSource> {
  await waitFor(() => expect(recordEvents(n)).toBeDefined());
  return recordEvents(n) as FakeEventSource;
}

describe("a running batch (issue 14, point 6)", () => {
  beforeEach(stubStudioBrowser);

  it("shows each photo's stage and bar, its result, a failure's message and the batch's tally", async () => {
    await startBatch(3);
    const first = await streamOf(1);
    const second = await streamOf(2);
    // the tally is announced as it changes
    expect(screen.getByText("0 of 3 done")).toHaveAttribute("aria-live", "polite");

    first.emit("record", imageRecord({ _id: "rec-1", stage: "cutting out" }));
    expect(await tile("photo-1.png").findByText("Cutting out your subject…")).toBeInTheDocument();
    expect(
      tile("photo-1.png").getByRole("progressbar", { name: "photo-1.png progress" }),
    ).toHaveAttribute(
      "aria-valuetext",
      expect.stringMatching(/^Cutting out your subject, about \d+%$/),
    );
    second.emit("record", imageRecord({ _id: "rec-2", stage: "composing" }));
    expect(await tile("photo-2.png").findByText("Composing the new scene…")).toBeInTheDocument();

    first.emit("record", completedRecord(1));
    expect(
      await tile("photo-1.png").findByRole("img", { name: "photo-1.png with the new background" }),
    ).toHaveAttribute("src", `${resultUrl(1)}?size=thumb`);
    expect(tile("photo-1.png").getByText("Done")).toBeInTheDocument();
    expect(
      tile("photo-1.png").getByRole("link", { name: "Open photo-1.png in the studio (new tab)" }),
    ).toHaveAttribute("href", "/?record=rec-1");
    expect(await screen.findByText("1 of 3 done")).toBeInTheDocument();

    second.emit(
      "record",
      imageRecord({
        _id: "rec-2",
        status: "failed",
        stage: null,
        error: GENERATION_MESSAGES.noSubjectFound,
      }),
    );
    expect(
      await tile("photo-2.png").findByText(GENERATION_MESSAGES.noSubjectFound),
    ).toBeInTheDocument();
    expect(tile("photo-2.png").getByText("Failed")).toBeInTheDocument();
    expect(await screen.findByText("1 of 3 done · 1 failed")).toBeInTheDocument();

    // the first job's stream, given back, now follows the third
    (await streamOf(3)).emit("record", completedRecord(3));
    expect(await screen.findByText("2 of 3 done · 1 failed")).toBeInTheDocument();
    expect(first.closed && second.closed).toBe(true);
    expect(screen.getByRole("button", { name: "Download all (2)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New batch" })).toBeInTheDocument();
  });

  it("follows two jobs over live streams at a time and polls the rest", async () => {
    const { fetchMock } = await startBatch(4);
    await streamOf(2);
    await waitFor(() => expect(callsTo(fetchMock, "/api/fal/process")).toHaveLength(4));
    const streams = () => FakeEventSource.instances.filter((stream) => !stream.closed);
    expect(streams().map((stream) => stream.url)).toEqual([
      `${recordPath(1)}/events`,
      `${recordPath(2)}/events`,
    ]);
  });

  it("says when the server refuses uploads as too many, stops uploading, and tries again", async () => {
    let uploads = 0;
    const answers = batchAnswers();
    const { user, fetchMock } = await startBatch(4, {
      ...answers,
      "POST /api/fal/upload": () => {
        uploads += 1;
        if (uploads === 2) return jsonResponse(429, { error: GENERATION_MESSAGES.tooManyUploads });
        return jsonResponse(200, {
          url: `/api/files/original-${uploads}.png`,
          savedBaseImage: { _id: `rec-${uploads}` },
        });
      },
    });

    expect(
      await tile("photo-2.png").findByText(GENERATION_MESSAGES.tooManyUploads),
    ).toBeInTheDocument();
    expect(
      await tile("photo-4.png").findByText(GENERATION_MESSAGES.tooManyUploads),
    ).toBeInTheDocument();
    // the one in flight when the refusal came may have gone; none after it
    expect(callsTo(fetchMock, "/api/fal/upload").length).toBeLessThanOrEqual(3);

    await user.click(tile("photo-2.png").getByRole("button", { name: "Try photo-2.png again" }));
    await waitFor(() =>
      expect(tile("photo-2.png").queryByText(GENERATION_MESSAGES.tooManyUploads)).toBeNull(),
    );
    expect(tile("photo-4.png").getByText(GENERATION_MESSAGES.tooManyUploads)).toBeInTheDocument();
  });

  it("shows the server's reason when a job cannot start", async () => {
    await startBatch(2, {
      ...batchAnswers(),
      "POST /api/fal/process": jsonResponse(402, { error: GENERATION_MESSAGES.notEnoughTokens }),
    });

    expect(
      await tile("photo-1.png").findByText(GENERATION_MESSAGES.notEnoughTokens),
    ).toBeInTheDocument();
    expect(await screen.findByText("0 of 2 done · 2 failed")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try 2 failed again" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Download all/ })).not.toBeInTheDocument();
  });
});
