import { type Asset, JPEG, PNG } from "@trustnxt/c2pa-ts/asset";
import type { Signer } from "@trustnxt/c2pa-ts/cose";
import {
  ActionAssertion,
  ActionType,
  ClaimVersion,
  DataHashAssertion,
  type DigitalSourceType as IptcSourceType,
  ManifestStore,
  Signature,
} from "@trustnxt/c2pa-ts/manifest";
import sharp from "sharp";
import {
  DIGITAL_SOURCE_TYPES,
  type DigitalSourceType,
  digitalSourceOf,
  digitalSourceUri,
} from "../../../engines/digital-source.ts";

export const CLAIM_GENERATOR = "Backdrop";

/**
 * Room left in the signature box for the signature itself (an ES256 one takes ~100 bytes). The
 * library's default, 25 kB, leaves room for a time-stamp the product cannot fetch offline; the
 * padding must stay above 255 bytes after signing, or its length's own size changes.
 */
const SIGNATURE_PADDING = 1000;

/** The file as one of the formats the library writes a manifest into, or null (WebP). */
function assetOf(bytes: Buffer): { asset: Asset; format: string } | null {
  if (PNG.canRead(bytes)) return { asset: new PNG(bytes), format: "image/png" };
  if (JPEG.canRead(bytes)) return { asset: new JPEG(bytes), format: "image/jpeg" };
  return null;
}

/**
 * The bytes with a signed C2PA manifest (Content Credentials) saying Backdrop created them as
 * `type`: a `c2pa.created` action with IPTC's Digital Source Type, and the data hash that binds
 * the manifest to every other byte of the file. PNG and JPEG only; other bytes come back as
 * they are.
 */
export async function withContentCredentials(
  bytes: Buffer,
  type: DigitalSourceType,
  signer: Signer,
): Promise<Buffer> {
  const read = assetOf(bytes);
  if (!read) return bytes;
  const { asset, format } = read;
  const store = new ManifestStore();
  const manifest = store.createManifest({
    claimVersion: ClaimVersion.V2,
    assetFormat: format,
    instanceID: `xmp:iid:${crypto.randomUUID()}`,
    defaultHashAlgorithm: "SHA-256",
    signer,
  });
  const { claim } = manifest;
  if (!claim) throw new Error("The manifest has no claim");
  claim.claimGeneratorName = CLAIM_GENERATOR;
  manifest.signature = Signature.create(signer, SIGNATURE_PADDING);
  claim.signatureRef = `self#jumbf=${manifest.signature.label}`;

  const actions = new ActionAssertion();
  actions.actions.push({
    action: ActionType.C2paCreated,
    digitalSourceType: digitalSourceUri(type) as IptcSourceType,
  });
  manifest.addAssertion(actions);
  const binding = DataHashAssertion.create("SHA-256");
  manifest.addAssertion(binding);

  await asset.ensureManifestSpace(store.measureSize());
  await binding.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}

/** The term an image's XMP states (records/made-by-software.ts), if it is one of the product's. */
export async function statedSourceType(bytes: Buffer): Promise<DigitalSourceType | undefined> {
  const uri = digitalSourceOf((await sharp(bytes).metadata()).xmp);
  return DIGITAL_SOURCE_TYPES.find((type) => digitalSourceUri(type) === uri);
}

export type ContentCredentials = ReturnType<typeof createContentCredentials>;

/**
 * Signs the product's files with the identity `loadSigner` gives (records/signing-identity.ts),
 * loaded once, on the first file.
 */
export function createContentCredentials(loadSigner: () => Promise<Signer>) {
  let signer: Promise<Signer> | undefined;
  const signerOnce = () => {
    signer ??= loadSigner();
    return signer;
  };
  return {
    /** The bytes with their manifest, saying they were made as `type`. */
    async sign(bytes: Buffer, type: DigitalSourceType): Promise<Buffer> {
      return withContentCredentials(bytes, type, await signerOnce());
    },
    /**
     * A new encoding of a file (a download in another format) with a manifest of its own, made
     * as its XMP says; bytes that say nothing of being made by software (an upload) stay as
     * they are.
     */
    async carry(bytes: Buffer): Promise<Buffer> {
      const type = await statedSourceType(bytes);
      return type ? withContentCredentials(bytes, type, await signerOnce()) : bytes;
    },
  };
}
