import type { TScenePreviewResponse } from "@backdrop/shared";
import { expect, it, vi } from "vitest";
import type { SubjectCutout } from "../src/engines/image-engine.ts";
import { describeEachDatabase } from "./helpers/databases.ts";
import { useGenerationApps } from "./helpers/generation-jobs.ts";
import { pollRecord, upload } from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { postJson } from "./helpers/test-app.ts";

/**
 * The scene preview reads the seller's own upload's cut-out (issue 29 point 4), for its note
 * about a subject filling the photo: only its owner's request hands it to the engine.
 */
describeEachDatabase("scene previews of a seller's own photo", (database) => {
  const g = useGenerationApps(
    database,
    { label: "inline jobs", env: () => ({}) },
    { cutouts: true },
  );

  /** The engine's preview, noting whether it was given the photo's cut-out. */
  function spyPreview() {
    const seen = vi.fn(
      async (prompt: string, _aspect?: unknown, photo?: SubjectCutout) =>
        ({
          understood: [prompt],
          ignored: [],
          preview: null,
          ...(photo ? { note: `photo ${photo.width}x${photo.height}` } : {}),
        }) satisfies TScenePreviewResponse,
    );
    // The engine the app holds (a copy of the scripted one that counts its work).
    g.t.container.jobs.engine.previewScene = seen;
    return seen;
  }

  async function preview(body: object, user: SignedIn | null) {
    const res = await postJson(g.t.app, "/api/fal/scene-preview", body, {
      ...SAME_ORIGIN,
      ...(user ? asCookie(user) : {}),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as TScenePreviewResponse;
  }

  it("hands the owner's cut-out to the engine, and nobody else's", async () => {
    const seen = spyPreview();
    const uploaded = await upload(g.t, g.ada, "coffee.png");
    await pollRecord(g.t, g.ada, uploaded.recordId, (r) => Boolean(r.cutoutImage));
    const body = { prompt: "on a beach", recordId: uploaded.recordId };

    expect((await preview(body, g.ada)).note).toBe("photo 600x400");
    expect(await preview(body, g.bob)).not.toHaveProperty("note");
    expect(await preview(body, null)).not.toHaveProperty("note");
    expect(await preview({ prompt: "on a beach" }, g.ada)).not.toHaveProperty("note");
    expect(seen.mock.calls.filter(([, , photo]) => photo !== undefined)).toHaveLength(1);
  });
});
