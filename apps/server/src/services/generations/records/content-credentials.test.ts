import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Signer } from "@trustnxt/c2pa-ts/cose";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { digitalSourceOf, digitalSourceUri } from "../../../engines/digital-source.ts";
import { readContentCredentials } from "./content-credentials.test-helper.ts";
import {
  CLAIM_GENERATOR,
  createContentCredentials,
  withContentCredentials,
} from "./content-credentials.ts";
import { markMadeBySoftware } from "./made-by-software.ts";
import { loadSigningIdentity } from "./signing-identity.ts";

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const OFFLINE = digitalSourceUri("compositeSynthetic");
const BY_MODEL = digitalSourceUri("compositeWithTrainedAlgorithmicMedia");

const picture = () =>
  sharp({ create: { width: 64, height: 40, channels: 4, background: "#c8643c80" } });
const pixelsOf = (bytes: Buffer) => sharp(bytes).raw().toBuffer();

let dataDir: string;
let signer: Signer;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "backdrop-credentials-"));
  signer = await loadSigningIdentity({ dataDir, contentSigning: null }, silent);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("withContentCredentials", () => {
  it.each(["png", "jpeg"] as const)(
    "signs a %s's manifest: created by Backdrop as its term, bound to every byte, pixels and XMP kept",
    async (format) => {
      const plain = await picture().toFormat(format).toBuffer();
      const marked = await markMadeBySoftware(plain, "compositeSynthetic");
      const signed = await withContentCredentials(marked, "compositeSynthetic", signer);

      expect(await readContentCredentials(signed)).toEqual({
        generator: CLAIM_GENERATOR,
        actions: [{ action: "c2pa.created", digitalSourceType: OFFLINE }],
        failures: [],
        bindingIntact: true,
      });
      expect(await pixelsOf(signed)).toEqual(await pixelsOf(plain));
      expect(digitalSourceOf((await sharp(signed).metadata()).xmp)).toBe(OFFLINE);
    },
  );

  it.each(["png", "jpeg"] as const)(
    "says when a signed %s's bytes were changed",
    async (format) => {
      const signed = await withContentCredentials(
        await picture().toFormat(format).toBuffer(),
        "compositeWithTrainedAlgorithmicMedia",
        signer,
      );
      const changed = Buffer.from(signed);
      // A byte near the end: inside the pixels' data, outside the manifest (written near the start).
      const at = changed.length - 20;
      changed[at] = (changed[at] ?? 0) ^ 0xff;
      const read = await readContentCredentials(changed);
      expect(read?.actions).toEqual([{ action: "c2pa.created", digitalSourceType: BY_MODEL }]);
      expect(read?.bindingIntact).toBe(false);
      expect(read?.failures).toContain("assertion.dataHash.mismatch");
    },
  );

  it("leaves a WebP as it is: the library writes no manifest into one", async () => {
    const webp = await picture().webp().toBuffer();
    expect(await withContentCredentials(webp, "compositeSynthetic", signer)).toBe(webp);
  });
});

describe("createContentCredentials", () => {
  it("signs a conversion as its XMP says it was made, and leaves one that says nothing alone", async () => {
    let loads = 0;
    const credentials = createContentCredentials(async () => {
      loads += 1;
      return signer;
    });
    const fromModel = await markMadeBySoftware(
      await picture().png().toBuffer(),
      "compositeWithTrainedAlgorithmicMedia",
    );
    const converted = await sharp(fromModel).keepXmp().jpeg().toBuffer();
    const carried = await credentials.carry(converted);
    expect((await readContentCredentials(carried))?.actions).toEqual([
      { action: "c2pa.created", digitalSourceType: BY_MODEL },
    ]);

    const upload = await picture().jpeg().toBuffer();
    expect(await credentials.carry(upload)).toBe(upload);
    expect(await readContentCredentials(upload)).toBeUndefined();

    await credentials.sign(await picture().png().toBuffer(), "compositeSynthetic");
    expect(loads).toBe(1);
  });
});
