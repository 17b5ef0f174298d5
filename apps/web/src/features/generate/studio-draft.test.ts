import "fake-indexeddb/auto";
import { createStore, set } from "idb-keyval";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_MAX_AGE_MS, saveDraft, takeDraft } from "./studio-draft.ts";

const BYTES = [0x89, 0x50, 0x4e, 0x47, 0x00, 0x7f, 0xff];

function photo() {
  return new File([new Uint8Array(BYTES)], "coffee.png", { type: "image/png" });
}

async function bytesOf(file: File) {
  return [...new Uint8Array(await file.arrayBuffer())];
}

describe("the studio's draft", () => {
  beforeEach(async () => {
    await takeDraft();
  });

  it("gives back the photo's bytes, name and type, the prompt and the method", async () => {
    // Not awaited, as when the visitor leaves for the login page at once: the take waits.
    void saveDraft({ photo: photo(), prompt: "On a marble counter", method: "queue" });

    const draft = await takeDraft();

    expect(draft?.photo).toBeInstanceOf(File);
    expect(draft?.photo?.name).toBe("coffee.png");
    expect(draft?.photo?.type).toBe("image/png");
    expect(await bytesOf(draft?.photo as File)).toEqual(BYTES);
    expect(draft).toMatchObject({ prompt: "On a marble counter", method: "queue" });
  });

  it("keeps a draft without a photo, and only the latest one", async () => {
    void saveDraft({ photo: photo(), prompt: "First", method: "queue" });
    void saveDraft({ photo: null, prompt: "Second", method: "realtime" });
    expect(await takeDraft()).toEqual({ photo: null, prompt: "Second", method: "realtime" });
  });

  it("is restored once: taking it deletes it", async () => {
    await saveDraft({ photo: photo(), prompt: "On a beach", method: "realtime" });
    expect(await takeDraft()).not.toBeNull();
    expect(await takeDraft()).toBeNull();
  });

  it("is thrown away once older than a day", async () => {
    const savedAt = Date.UTC(2025, 0, 1);
    const now = vi.spyOn(Date, "now").mockReturnValue(savedAt);
    await saveDraft({ photo: photo(), prompt: "On a beach", method: "realtime" });
    now.mockReturnValue(savedAt + DRAFT_MAX_AGE_MS);
    expect(await takeDraft()).not.toBeNull();

    now.mockReturnValue(savedAt);
    await saveDraft({ photo: photo(), prompt: "On a beach", method: "realtime" });
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
    await expect(
      saveDraft({ photo: photo(), prompt: "On a beach", method: "realtime" }),
    ).resolves.toBeUndefined();
    await expect(takeDraft()).resolves.toBeNull();
  });

  it("works without IndexedDB at all, as in some private windows", async () => {
    vi.resetModules();
    vi.stubGlobal("indexedDB", undefined);
    const fresh = await import("./studio-draft.ts");
    await expect(
      fresh.saveDraft({ photo: photo(), prompt: "On a beach", method: "realtime" }),
    ).resolves.toBeUndefined();
    await expect(fresh.takeDraft()).resolves.toBeNull();
  });
});
