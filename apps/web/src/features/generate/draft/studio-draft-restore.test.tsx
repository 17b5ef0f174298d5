import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { PNG_SIGNATURE, stubEventSource, stubImageSize } from "../../../test/fake-browser.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo } from "../../../test/mock-api.ts";
import { jsonResponse } from "../../../test/render-route.tsx";
import {
  awaitPhotoWatch,
  fillStudio,
  generationAnswers,
  ORIGINAL_URL,
  PROCESSED_URL,
  photo,
  RECORD_PATH,
  recordStream,
  renderStudio,
} from "../../../test/studio.ts";
import { clearDraft, readDraft, type StudioDraft, saveDraft } from "./studio-draft.ts";
import { PHOTO_GONE_MESSAGE } from "./use-studio-draft.ts";

const PROMPT = "On a marble counter";
const promptField = () => screen.getByLabelText("Describe the new background");
const preview = () => screen.queryByRole("img", { name: /^Preview of/ });

/** A signed-in user's draft whose photo the server has: it is kept by its upload. */
function uploadedDraft(overrides: Partial<StudioDraft> = {}): StudioDraft {
  return {
    owner: "user-1",
    photo: {
      name: "coffee.png",
      type: "image/png",
      file: null,
      upload: { recordId: "rec-1", url: ORIGINAL_URL },
    },
    prompt: PROMPT,
    method: "queue",
    shadow: "soft",
    aspect: "1:1",
    takes: 2,
    relightProduct: false,
    exactProduct: null,
    ...overrides,
  };
}

/** The photo's bytes as the server sends them back. */
const pngResponse = () => new Response(PNG_SIGNATURE, { headers: { "Content-Type": "image/png" } });

/** The API with the upload's record as `record` and its photo's bytes. */
function answers(record = imageRecord({ status: "uploaded", prompt: null })) {
  return {
    ...generationAnswers(),
    [`GET ${RECORD_PATH}`]: jsonResponse(200, record),
    [`GET ${ORIGINAL_URL}`]: pngResponse(),
  };
}

describe("the studio's kept draft", () => {
  beforeEach(async () => {
    stubImageSize(600, 400);
    stubEventSource();
    await clearDraft();
  });

  it("keeps a signed-in user's photo by its upload once it has landed, as theirs", async () => {
    const { user } = renderStudio(answers());
    await fillStudio(user, PROMPT);

    await waitFor(async () =>
      expect(await readDraft()).toMatchObject({
        owner: "user-1",
        prompt: PROMPT,
        photo: { name: "coffee.png", file: null, upload: { recordId: "rec-1", url: ORIGINAL_URL } },
      }),
    );
  });

  it("brings an uploaded photo back by its upload: nothing is sent or charged again", async () => {
    await saveDraft(uploadedDraft());
    const { fetchMock, user } = renderStudio(answers());

    expect(await screen.findByRole("img", { name: "Preview of coffee.png" })).toBeVisible();
    expect(screen.getByText(/· you have/)).toHaveTextContent("2 takes × 16 tokens = 32 tokens");
    expect(promptField()).toHaveValue(PROMPT);
    expect(screen.getByRole("radio", { name: "Queue" })).toBeChecked();
    expect(callsTo(fetchMock, ORIGINAL_URL)).toHaveLength(1);

    // Its cut-out is watched for, as for a photo just uploaded.
    await awaitPhotoWatch();
    await user.click(screen.getByRole("button", { name: "Generate" }));
    await recordStream();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
    expect(callsTo(fetchMock, "/api/fal/process")[0]?.body).toMatchObject({
      savedRecordId: "rec-1",
      imageUrl: ORIGINAL_URL,
      prompt: PROMPT,
    });
  });

  it("lets a photo the seller picks while the kept one is on its way back win", async () => {
    await saveDraft(uploadedDraft());
    let sendKept = () => {};
    const keptBytes = new Promise<Response>((resolve) => {
      sendKept = () => resolve(pngResponse());
    });
    const { fetchMock, user } = renderStudio({
      ...answers(),
      [`GET ${ORIGINAL_URL}`]: () => keptBytes,
    });
    await waitFor(() => expect(callsTo(fetchMock, ORIGINAL_URL)).toHaveLength(1));

    await user.upload(screen.getByLabelText("Your photo"), photo("shoe.png"));
    await screen.findByRole("img", { name: "Preview of shoe.png" });
    sendKept();

    // Given a second to come back, the kept photo never takes the seller's place.
    await expect(
      screen.findByRole("img", { name: "Preview of coffee.png" }, { timeout: 1000 }),
    ).rejects.toThrow();
    expect(screen.getByRole("img", { name: "Preview of shoe.png" })).toBeVisible();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(1);
  });

  it("says so when the upload is gone, and brings back the rest", async () => {
    await saveDraft(uploadedDraft());
    renderStudio({ ...generationAnswers(), [`GET ${RECORD_PATH}`]: jsonResponse(404, {}) });

    expect(await screen.findByText(PHOTO_GONE_MESSAGE)).toBeVisible();
    expect(promptField()).toHaveValue(PROMPT);
    expect(preview()).not.toBeInTheDocument();
  });

  it("shows no one another user's draft, and forgets it", async () => {
    await saveDraft(uploadedDraft({ owner: "someone-else" }));
    renderStudio(answers());

    await waitFor(async () => expect(await readDraft()).toBeNull());
    expect(promptField()).toHaveValue("");
    expect(preview()).not.toBeInTheDocument();
  });

  it("Log Out empties the studio and forgets the draft", async () => {
    await saveDraft(uploadedDraft());
    const { user } = renderStudio({
      ...answers(),
      "POST /api/identity/sign-out": jsonResponse(200, { success: true }),
    });
    await screen.findByRole("img", { name: "Preview of coffee.png" });

    await user.click(
      within(screen.getByRole("navigation", { name: "Main" })).getByRole("button", {
        name: "Log Out",
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Confirm Logout" });
    await user.click(within(dialog).getByRole("button", { name: "Log Out" }));

    await waitFor(() => {
      expect(preview()).not.toBeInTheDocument();
      expect(promptField()).toHaveValue("");
    });
    await waitFor(async () => expect(await readDraft()).toBeNull());
  });

  it("Start over empties the form and ends the draft", async () => {
    await saveDraft(uploadedDraft());
    const { user } = renderStudio(answers());
    await screen.findByRole("img", { name: "Preview of coffee.png" });

    await user.click(screen.getByRole("button", { name: "Start over" }));

    expect(preview()).not.toBeInTheDocument();
    expect(promptField()).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Realtime" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "1 take" })).toBeChecked();
    expect(screen.getByLabelText("Your photo")).toHaveFocus();
    await waitFor(async () => expect(await readDraft()).toBeNull());
  });

  it("Open in studio brings the record's photo, prompt and choices beside its result", async () => {
    const record = imageRecord({
      status: "completed",
      stage: null,
      prompt: "Snowy forest",
      processedImage: { url: PROCESSED_URL, fidelity: null },
      settings: {
        method: "queue",
        shadow: "none",
        aspect: "4:5",
        takes: 3,
        relightProduct: false,
        exactProduct: true,
      },
    });
    const { fetchMock } = renderStudio(answers(record), { path: "/?record=rec-1" });

    expect(await screen.findByRole("button", { name: "Download" })).toBeVisible();
    expect(await screen.findByRole("img", { name: /^Preview of photo\.png/ })).toBeVisible();
    expect(promptField()).toHaveValue("Snowy forest");
    expect(screen.getByRole("radio", { name: "Queue" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "None" })).toBeChecked();
    expect(screen.getByRole("radio", { name: "3 takes" })).toBeChecked();
    // Kept exact although a snowy forest alone would not be.
    expect(screen.getByRole("switch", { name: "Exact product" })).toBeChecked();
    expect(callsTo(fetchMock, "/api/fal/upload")).toHaveLength(0);
    // The choices are asked for by this read alone: the poll stays one query.
    expect(callsTo(fetchMock, RECORD_PATH)[0]?.url).toBe(`${RECORD_PATH}?with=settings`);
  });
});
