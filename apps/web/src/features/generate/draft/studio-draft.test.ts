import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  clearDraft,
  DRAFT_MAX_AGE_MS,
  readDraft,
  type StudioDraft,
  saveDraft,
} from "./studio-draft.ts";

const BYTES = [0x89, 0x50, 0x4e, 0x47, 0x00, 0x7f, 0xff];

function photo() {
  const file = new File([new Uint8Array(BYTES)], "coffee.png", { type: "image/png" });
  return { name: file.name, type: file.type, file, upload: null };
}

/** A draft of the studio's defaults with a photo, changed by `overrides`. */
function draft(overrides: Partial<StudioDraft> = {}): StudioDraft {
  return {
    owner: null,
    photo: photo(),
    prompt: "On a beach",
    method: "realtime",
    shadow: "natural",
    aspect: "original",
    takes: 1,
    relightProduct: false,
    exactProduct: null,
    ...overrides,
  };
}

async function bytesOf(file: File) {
  return [...new Uint8Array(await file.arrayBuffer())];
}

describe("the studio's draft", () => {
  beforeEach(async () => {
    await clearDraft();
  });

  it("gives back the photo's bytes, name and type, the prompt and the choices", async () => {
    // Not awaited, as when the studio closes at once: the read waits.
    void saveDraft(
      draft({
        prompt: "On a marble counter",
        method: "queue",
        shadow: "soft",
        aspect: "4:5",
        takes: 3,
        exactProduct: false,
      }),
    );

    const taken = await readDraft();

    expect(taken?.photo?.file).toBeInstanceOf(File);
    expect(taken?.photo?.file?.name).toBe("coffee.png");
    expect(taken?.photo?.file?.type).toBe("image/png");
    expect(await bytesOf(taken?.photo?.file as File)).toEqual(BYTES);
    expect(taken?.photo?.upload).toBeNull();
    expect(taken).toMatchObject({
      prompt: "On a marble counter",
      method: "queue",
      shadow: "soft",
      aspect: "4:5",
      takes: 3,
      exactProduct: false,
    });
  });

  it("keeps a draft without a photo, and only the latest one", async () => {
    void saveDraft(draft({ prompt: "First", method: "queue", aspect: "16:9" }));
    void saveDraft(draft({ photo: null, prompt: "Second", aspect: "1:1" }));
    expect(await readDraft()).toEqual(draft({ photo: null, prompt: "Second", aspect: "1:1" }));
  });

  it("keeps an uploaded photo by its upload alone, not its bytes, with its name", async () => {
    const upload = { recordId: "rec-1", url: "/api/files/original.png" };
    await saveDraft(draft({ owner: "u1", photo: { ...photo(), upload } }));
    expect((await readDraft())?.photo).toEqual({
      name: "coffee.png",
      type: "image/png",
      file: null,
      upload,
    });
    expect((await readDraft())?.owner).toBe("u1");
  });

  it("reads a draft kept before the shadow, size, takes and exact choices as their defaults", async () => {
    const bytes = new Uint8Array(BYTES).buffer;
    await set(
      "studio",
      {
        photo: { bytes, name: "coffee.png", type: "image/png" },
        prompt: "On a beach",
        method: "queue",
        savedAt: Date.now(),
      },
      createStore("backdrop", "drafts"),
    );
    expect(await readDraft()).toMatchObject({
      owner: null,
      prompt: "On a beach",
      method: "queue",
      shadow: "natural",
      aspect: "original",
      takes: 1,
      // The "Exact product" switch follows the prompt.
      exactProduct: null,
    });
  });

  it("lasts when read, until it is cleared", async () => {
    await saveDraft(draft());
    expect(await readDraft()).not.toBeNull();
    expect(await readDraft()).not.toBeNull();
    void clearDraft();
    expect(await readDraft()).toBeNull();
  });

  it("is thrown away once older than a day", async () => {
    const savedAt = Date.UTC(2025, 0, 1);
    const now = vi.spyOn(Date, "now").mockReturnValue(savedAt);
    await saveDraft(draft());
    now.mockReturnValue(savedAt + DRAFT_MAX_AGE_MS);
    expect(await readDraft()).not.toBeNull();

    now.mockReturnValue(savedAt);
    await saveDraft(draft());
    now.mockReturnValue(savedAt + DRAFT_MAX_AGE_MS + 1);
    expect(await readDraft()).toBeNull();
    now.mockReturnValue(savedAt);
    expect(await readDraft()).toBeNull();
  });

  it("reads an unreadable draft as none, and deletes it", async () => {
    await set("studio", { photo: "not bytes", prompt: 3 }, createStore("backdrop", "drafts"));
    expect(await readDraft()).toBeNull();

    await set(
      "studio",
      { photo: null, prompt: "", method: "slow", savedAt: Date.now() },
      createStore("backdrop", "drafts"),
    );
    expect(await readDraft()).toBeNull();
  });

  it("swallows IndexedDB's failures: nothing is kept, nothing throws", async () => {
    vi.spyOn(IDBDatabase.prototype, "transaction").mockImplementation(() => {
      throw new DOMException("The database is closing.", "InvalidStateError");
    });
    await expect(saveDraft(draft())).resolves.toBeUndefined();
    await expect(readDraft()).resolves.toBeNull();
  });

  it("works without IndexedDB at all, as in some private windows", async () => {
    vi.resetModules();
    vi.stubGlobal("indexedDB", undefined);
    const fresh = await import("./studio-draft.ts");
    await expect(fresh.saveDraft(draft())).resolves.toBeUndefined();
    await expect(fresh.readDraft()).resolves.toBeNull();
  });
});
