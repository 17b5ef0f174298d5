import { createPrivateKey, X509Certificate } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readContentCredentials } from "./content-credentials.test-helper.ts";
import { withContentCredentials } from "./content-credentials.ts";
import {
  loadSigningIdentity,
  makeSigningIdentity,
  SIGNING_IDENTITY_FILE,
} from "./signing-identity.ts";

const silent = { debug() {}, info() {}, warn() {}, error() {} };

const certificatesIn = (pem: string) =>
  (pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? []).map(
    (block) => new X509Certificate(block),
  );

async function signsValidly(signer: Awaited<ReturnType<typeof loadSigningIdentity>>) {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } })
    .png()
    .toBuffer();
  return readContentCredentials(await withContentCredentials(png, "compositeSynthetic", signer));
}

describe("loadSigningIdentity", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = join(mkdtempSync(join(tmpdir(), "backdrop-signing-")), "data");
  });
  afterEach(() => rmSync(join(dataDir, ".."), { recursive: true, force: true }));

  it("makes a key and its certificate on the first start, keeps them, and signs with them after", async () => {
    const first = await loadSigningIdentity({ dataDir, contentSigning: null }, silent);
    const file = join(dataDir, SIGNING_IDENTITY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dataDir)).toEqual([SIGNING_IDENTITY_FILE]);
    const chain = certificatesIn(readFileSync(file, "utf8"));
    const again = await loadSigningIdentity({ dataDir, contentSigning: null }, silent);
    expect(again.certificate.rawData).toEqual(first.certificate.rawData);
    expect(Buffer.from(first.certificate.rawData)).toEqual(chain[0]?.raw);
    expect(await signsValidly(again)).toMatchObject({ failures: [], bindingIntact: true });
  });

  it("gives processes starting together one key, the first one written", async () => {
    const signers = await Promise.all(
      [1, 2, 3, 4].map(() => loadSigningIdentity({ dataDir, contentSigning: null }, silent)),
    );
    const kept = certificatesIn(readFileSync(join(dataDir, SIGNING_IDENTITY_FILE), "utf8"))[0];
    for (const signer of signers)
      expect(Buffer.from(signer.certificate.rawData)).toEqual(kept?.raw);
    expect(readdirSync(dataDir)).toEqual([SIGNING_IDENTITY_FILE]);
  });

  it("signs with a certificate C2PA accepts: not self-signed, issued by a root whose key is not kept", async () => {
    const { keyPem, chainPem } = await makeSigningIdentity();
    const [leaf, root] = certificatesIn(chainPem);
    expect(leaf && root).toBeTruthy();
    if (!leaf || !root) return;
    expect(leaf.issuer).not.toBe(leaf.subject);
    expect(leaf.checkIssued(root)).toBe(true);
    expect(leaf.verify(root.publicKey)).toBe(true);
    expect(leaf.ca).toBe(false);
    expect(root.ca).toBe(true);
    expect(leaf.keyUsage).toContain("1.3.6.1.5.5.7.3.4"); // e-mail protection, as C2PA lists
    // Only the signing key is written down.
    expect(keyPem.match(/BEGIN PRIVATE KEY/g)).toHaveLength(1);
    expect(leaf.checkPrivateKey(createPrivateKey(keyPem))).toBe(true);
  });

  it("signs with the operator's key and certificate when they are given", async () => {
    const theirs = await makeSigningIdentity();
    const folder = join(dataDir, "..");
    const keyFile = join(folder, "operator.key");
    const certFile = join(folder, "operator.pem");
    writeFileSync(keyFile, theirs.keyPem);
    writeFileSync(certFile, theirs.chainPem);
    const signer = await loadSigningIdentity(
      { dataDir, contentSigning: { keyFile, certFile } },
      silent,
    );
    expect(Buffer.from(signer.certificate.rawData)).toEqual(
      certificatesIn(theirs.chainPem)[0]?.raw,
    );
    expect(() => statSync(join(dataDir, SIGNING_IDENTITY_FILE))).toThrow();
    expect(await signsValidly(signer)).toMatchObject({ failures: [], bindingIntact: true });
  });
});
