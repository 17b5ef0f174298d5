import { GALLERY_MESSAGES, type TImageRecord } from "@backdrop/shared";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { stubEventSource } from "../../../test/fake-browser.ts";
import { imageRecord } from "../../../test/image-record.ts";
import { callsTo, mockApi } from "../../../test/mock-api.ts";
import { jsonResponse, renderRoute } from "../../../test/render-route.tsx";
import { subscriber } from "../../../test/studio.ts";
import { openedRecord } from "../../generate/index.ts";

const FILES = "http://app.test/api/files";
const P1 = "11111111-aaaa-4aaa-8aaa-111111111111";
const E1 = "22222222-aaaa-4aaa-8aaa-222222222222";
const U1 = "33333333-aaaa-4aaa-8aaa-333333333333";
const P2 = "44444444-aaaa-4aaa-8aaa-444444444444";

const RECORDS: TImageRecord[] = [
  imageRecord({
    _id: "r1",
    status: "completed",
    stage: null,
    prompt: "On a marble counter, morning light",
    originalImage: { url: `${FILES}/o1.png` },
    processedImage: { url: `${FILES}/${P1}.png`, fidelity: null },
    aiGeneratedImages: [{ url: `${FILES}/${E1}.png`, fidelity: null, instruction: null }],
    upscaledImage: { url: `${FILES}/${U1}.png`, fidelity: null },
  }),
  imageRecord({
    _id: "r2",
    status: "completed",
    stage: null,
    prompt: "In a desert at dusk",
    processedImage: { url: `${FILES}/${P2}.png`, fidelity: null },
  }),
];

function renderGallery(
  deleteAnswer: () => Response = () => jsonResponse(200, { ok: true }),
  more: Record<string, Response> = {},
) {
  let records = RECORDS;
  const fetchMock = mockApi({
    ...more,
    "GET /api/images/user-1": () => jsonResponse(200, records),
    "DELETE /api/images/r1": () => {
      const answer = deleteAnswer();
      if (answer.ok) records = records.filter((record) => record._id !== "r1");
      return answer;
    },
    "GET /api/auth/get-user-by-uid": jsonResponse(200, subscriber().details),
  });
  const view = renderRoute("/gallery", { session: subscriber() });
  return { fetchMock, ...view };
}

const panel = () => screen.getByRole("tabpanel");
const tileDelete = (name: RegExp) => within(panel()).getByRole("button", { name });

describe("gallery actions", () => {
  beforeEach(() => {
    stubEventSource();
  });

  it("deletes a record after confirming, from every tab, and says so", async () => {
    const { fetchMock, user } = renderGallery();
    await user.click(await screen.findByRole("button", { name: /^Delete Generated image: On a/ }));

    const confirm = await screen.findByRole("dialog", { name: "Delete this image?" });
    expect(confirm).toHaveAccessibleDescription(
      /the photo you uploaded, its generated image, its AI edit and its upscaled image, from every tab/,
    );
    // Cancel comes first, so Enter on the opened dialog deletes nothing.
    expect(within(confirm).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "/api/images/r1")).toEqual([
      { url: "/api/images/r1", method: "DELETE", body: undefined },
    ]);
    expect(await screen.findByText(GALLERY_MESSAGES.deleted)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Generated 1" })).toHaveFocus();
    expect(tileDelete(/^Delete Generated image: In a desert/)).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Processed (AI) 0" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Upscaled 0" })).toBeInTheDocument();
  });

  it("keeps everything on Cancel and Escape, returning focus to the Delete pressed", async () => {
    const { fetchMock, user } = renderGallery();
    const button = await screen.findByRole("button", { name: /^Delete Generated image: On a/ });
    await user.click(button);
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Cancel" }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(button).toHaveFocus();

    await user.keyboard("{Enter}");
    expect(await screen.findByRole("dialog", { name: "Delete this image?" })).toBeVisible();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "/api/images/r1")).toEqual([]);
    expect(screen.getByRole("tab", { name: "Generated 2" })).toBeInTheDocument();
  });

  it("brings the images back with the server's reason when the delete is refused", async () => {
    const { user } = renderGallery(() =>
      jsonResponse(409, { error: GALLERY_MESSAGES.deleteWhileProcessing }),
    );
    await user.click(await screen.findByRole("button", { name: /^Delete Generated image: On a/ }));
    await user.click(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }),
    );
    expect(await screen.findByText(GALLERY_MESSAGES.deleteWhileProcessing)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Generated 2" })).toBeInTheDocument(),
    );
    expect(tileDelete(/^Delete Generated image: On a marble/)).toBeInTheDocument();
  });

  it("deletes from the full view too, closing it", async () => {
    const { fetchMock, user } = renderGallery();
    await user.click(await screen.findByRole("tab", { name: "Upscaled 1" }));
    await user.click(within(panel()).getByRole("button", { name: /^Upscaled image: On a/ }));
    const viewer = await screen.findByRole("dialog", { name: "Upscaled image" });
    await user.click(within(viewer).getByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("dialog", { name: "Delete this image?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(callsTo(fetchMock, "/api/images/r1")).toHaveLength(1);
    expect(await screen.findByRole("tab", { name: "Upscaled 0" })).toHaveFocus();
  });

  it("opens the image shown in the studio as its result, ready to upscale or edit", async () => {
    const { user, router } = renderGallery(undefined, {
      "GET /api/fal/images/r1": jsonResponse(200, RECORDS[0]),
    });
    await user.click(await screen.findByRole("tab", { name: "Processed (AI) 1" }));
    await user.click(within(panel()).getByRole("button", { name: /^AI edit 1: On a/ }));
    const viewer = await screen.findByRole("dialog", { name: "AI edit 1" });
    await user.click(within(viewer).getByRole("link", { name: "Open in studio" }));

    expect(router.state.location.pathname).toBe("/");
    expect(router.state.location.search).toBe(`?record=r1&image=${E1}`);
    const result = await screen.findByRole("img", { name: /^Your photo with the new background/ });
    expect(result).toHaveAttribute("src", `${FILES}/${E1}.png`);
    expect(screen.getByRole("button", { name: "Download" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upscale 2x" })).toBeInTheDocument();

    // New Image forgets it, so a reload does not bring it back.
    await user.click(screen.getByRole("button", { name: "New Image" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("opens a record's latest image from ?record= alone, and says when it has none", async () => {
    expect(openedRecord(RECORDS[0] as TImageRecord, null)?.shown).toMatchObject({
      kind: "upscaled",
      url: `${FILES}/${U1}.png`,
      beforeUpscale: { kind: "generated", url: `${FILES}/${P1}.png` },
    });
    expect(openedRecord(RECORDS[0] as TImageRecord, "unknown")?.shown.kind).toBe("upscaled");
    expect(openedRecord(imageRecord({ status: "failed" }), null)).toBeNull();

    mockApi({
      "GET /api/fal/images/r2": jsonResponse(200, RECORDS[1]),
      "GET /api/fal/images/r3": jsonResponse(200, imageRecord({ _id: "r3", status: "failed" })),
      "GET /api/auth/get-user-by-uid": jsonResponse(200, subscriber().details),
    });
    const first = renderRoute("/?record=r2", { session: subscriber() });
    const result = await screen.findByRole("img", { name: /^Your photo with the new background/ });
    expect(result).toHaveAttribute("src", `${FILES}/${P2}.png`);
    first.unmount();

    renderRoute("/?record=r3", { session: subscriber() });
    expect(await screen.findByText(GALLERY_MESSAGES.nothingToOpen)).toBeInTheDocument();
  });
});
