import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_MAX_AGE_MS, type StudioDraft, saveDraft, takeDraft } from "./studio-draft.ts";

const BYTES = [0x89, 0x50, 0x4e, 0x47, 0x00, 0x7f, 0xff];

function photo() {
  return new File([new Uint8Array(BYTES)], "coffee.png", { type: "image/png" });
}

/** A draft of the studio's defaults with a photo, changed by `overrides`. */
function draft(overrides: Partial<StudioDraft> = {}): StudioDraft {
  return {
    photo: photo(),
    prompt: "On a beach",
    method: "realtime",
    shadow: "natural",
    aspect: "original",
    takes: 1,
    ...overrides,
  };
}

async function bytesOf(file: File) {
  return [...new Uint8Array(await file.arrayBuffer())];
}

describe("the studio's draft", () => {
  beforeEach(async () => {
    await takeDraft();
  });

  it("gives back the photo's bytes, name and type, the prompt and the choices", async () => {
    // Not awaited, as when the visitor leaves for the login page at once: the take waits.
    void saveDraft(
      draft({
        prompt: "On a marble counter",
        method: "queue",
        shadow: "soft",
        aspect: "4:5",
        takes: 3,
      }),
    );

    const taken = await takeDraft();

    expect(taken?.photo).toBeInstanceOf(File);
    expect(taken?.photo?.name).toBe("coffee.png");
    expect(taken?.photo?.type).toBe("image/png");
    expect(await bytesOf(taken?.photo as File)).toEqual(BYTES);
    expect(taken).toMatchObject({
      prompt: "On a marble counter",
      method: "queue",
      shadow: "soft",
      aspect: "4:5",
      takes: 3,
    });
  });

  it("keeps a draft without a photo, and only the latest one", async () => {
    void saveDraft(draft({ prompt: "First", method: "queue", aspect: "16:9" }));
    void saveDraft(draft({ photo: null, prompt: "Second", aspect: "1:1" }));
    expect(await takeDraft()).toEqual(draft({ photo: null, prompt: "Second", aspect: "1:1" }));
  });

  it("reads a draft kept before the shadow, size and takes choices as their defaults", async () => {
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
    expect(await takeDraft()).toMatchObject({
      prompt: "On a beach",
      method: "queue",
      shadow: "natural",
      aspect: "original",
      takes: 1,
    });
  });

  it("is restored once: taking it deletes it", async () => {
    await saveDraft(draft());
    expect(await takeDraft()).not.toBeNull();
    expect(await takeDraft()).toBeNull();
  });

  it("is thrown away once older than a day", async () => {
    const savedAt = Date.UTC(2025, 0, 1);
    const now = vi.spyOn(Date, "now").mockReturnValue(savedAt);
    await saveDraft(draft());
    now.mockReturnValue(savedAt + DRAFT_MAX_AGE_MS);
    expect(await takeDraft()).not.toBeNull();

    now.mockReturnValue(savedAt);
    await saveDraft(draft());
    now.mockReturnValue(savedAt + DRAFT_MAX_AGE_MS + 1);
    expect(await takeDraft()).toBeNull();
    now.mockReturnValue(savedAt);
    expect(await takeDraft()).toBeNull();
  });

  it("reads an unreadable draft as none, and deletes it", async () => {
    await set("studio", { photo: "not bytes", prompt: 3 }, createStore("backdrop", "drafts"));
    expect(await takeDraft()).toBeNull();

    await set(
      "studio",
      { photo: null, prompt: "", method: "slow", savedAt: Date.now() },
      createStore("backdrop", "drafts"),
    );
    expect(await takeDraft()).toBeNull();
  });

  it("swallows IndexedDB's failures: nothing is kept, nothing throws", async () => {
    vi.spyOn(IDBDatabase.prototype, "transaction").mockImplementation(() => {
      throw new DOMException("The database is closing.", "InvalidStateError");
    });
    await expect(saveDraft(draft())).resolves.toBeUndefined();
    await expect(takeDraft()).resolves.toBeNull();
  });

  it("works without IndexedDB at all, as in some private windows", async () => {
    vi.resetModules();
    vi.stubGlobal("indexedDB", undefined);
    const fresh = await import("./studio-draft.ts");
    await expect(fresh.saveDraft(draft())).resolves.toBeUndefined();
    await expect(fresh.takeDraft()).resolves.toBeNull();
  });
});
