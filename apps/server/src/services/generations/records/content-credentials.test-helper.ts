import { type Asset, JPEG, PNG } from "@trustnxt/c2pa-ts/asset";
import { SuperBox } from "@trustnxt/c2pa-ts/jumbf";
import { ActionAssertion, ManifestStore, ValidationStatusCode } from "@trustnxt/c2pa-ts/manifest";

/** What a reader finds in a file's Content Credentials, as c2pa-ts reads and validates them. */
export type ReadCredentials = {
  generator: string | undefined;
  /** Each action of the active manifest, with its Digital Source Type. */
  actions: { action: string; digitalSourceType: string | undefined }[];
  /** The validation's complaints, but the only one a local signer must get: an untrusted root. */
  failures: string[];
  /** Whether the validation checked the data hash and found every byte of the file as signed. */
  bindingIntact: boolean;
};

/** The file's Content Credentials, read back and validated; undefined when it has none. */
export async function readContentCredentials(
  bytes: Uint8Array,
): Promise<ReadCredentials | undefined> {
  const data = new Uint8Array(bytes);
  const asset: Asset | undefined = PNG.canRead(data)
    ? new PNG(data)
    : JPEG.canRead(data)
      ? new JPEG(data)
      : undefined;
  const jumbf = asset?.getManifestJUMBF();
  if (!asset || !jumbf) return undefined;
  const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
  const result = await store.validate(asset);
  const manifest = store.getActiveManifest();
  const actions = (manifest?.assertions?.assertions ?? [])
    .filter((assertion) => assertion instanceof ActionAssertion)
    .flatMap((assertion) => assertion.actions)
    .map(({ action, digitalSourceType }) => ({ action, digitalSourceType }));
  return {
    generator: manifest?.claim?.claimGeneratorName,
    actions,
    failures: result.statusEntries
      .filter(
        ({ success, code }) => !success && code !== ValidationStatusCode.SigningCredentialUntrusted,
      )
      .map(({ code, explanation }) => (explanation ? `${code}: ${explanation}` : code)),
    bindingIntact: result.statusEntries.some(
      ({ success, code }) => success && code === ValidationStatusCode.AssertionDataHashMatch,
    ),
  };
}
