import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { digitalSourceOf, digitalSourceUri } from "../../../engines/digital-source.ts";
import { markMadeBySoftware } from "./made-by-software.ts";

const picture = () =>
  sharp({ create: { width: 48, height: 32, channels: 4, background: "#c8643c80" } });

async function encoded(format: "png" | "jpeg" | "webp") {
  return picture().toFormat(format).toBuffer();
}

const pixelsOf = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
const sourceOf = async (bytes: Buffer) => digitalSourceOf((await sharp(bytes).metadata()).xmp);

describe("markMadeBySoftware", () => {
  it.each(["png", "jpeg"] as const)(
    "writes the XMP beside a %s's pixels, every byte of the file kept",
    async (format) => {
      const bytes = await encoded(format);
      const marked = await markMadeBySoftware(bytes, "compositeSynthetic");
      expect(await sourceOf(marked)).toBe(digitalSourceUri("compositeSynthetic"));
      expect(await pixelsOf(marked)).toEqual(await pixelsOf(bytes));
      // Only a segment added: the file's own bytes are all still there, in order.
      expect(marked.length).toBeGreaterThan(bytes.length);
      const added = marked.length - bytes.length;
      const at = [...bytes].findIndex((byte, index) => marked[index] !== byte);
      expect(Buffer.concat([marked.subarray(0, at), marked.subarray(at + added)])).toEqual(bytes);
    },
  );

  it("keeps a JPEG's JFIF header first, as readers expect", async () => {
    const plain = await encoded("jpeg");
    // JFIF 1.1, no thumbnail: the APP0 segment cameras and many encoders put first.
    const jfif = Buffer.from("ffe000104a46494600010100000100010000", "hex");
    const withJfif = Buffer.concat([plain.subarray(0, 2), jfif, plain.subarray(2)]);
    const marked = await markMadeBySoftware(withJfif, "compositeSynthetic");
    expect(marked.subarray(0, 4)).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    const afterJfif = 4 + marked.readUInt16BE(4);
    expect(marked.subarray(afterJfif, afterJfif + 2)).toEqual(Buffer.from([0xff, 0xe1]));
    expect(await sourceOf(marked)).toBe(digitalSourceUri("compositeSynthetic"));
    expect(await pixelsOf(marked)).toEqual(await pixelsOf(plain));
  });

  it("encodes a WebP again with its pixels, and replaces what a file already said", async () => {
    const webp = await picture().webp({ lossless: true }).toBuffer();
    const marked = await markMadeBySoftware(webp, "compositeSynthetic");
    expect((await sharp(marked).metadata()).format).toBe("webp");
    expect(await pixelsOf(marked)).toEqual(await pixelsOf(webp));

    for (const bytes of [
      marked,
      await markMadeBySoftware(await encoded("png"), "compositeSynthetic"),
    ]) {
      const again = await markMadeBySoftware(bytes, "compositeWithTrainedAlgorithmicMedia");
      const xmp = String((await sharp(again).metadata()).xmp);
      expect(digitalSourceOf(xmp)).toBe(digitalSourceUri("compositeWithTrainedAlgorithmicMedia"));
      expect(xmp.match(/DigitalSourceType/g)).toHaveLength(1);
    }
  });
});
