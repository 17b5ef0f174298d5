import { createPrivateKey, randomUUID, webcrypto } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
// c2pa-ts's own dependency: its signer takes this library's certificates.
import * as x509 from "@peculiar/x509";
import { CoseAlgorithmIdentifier, LocalSigner } from "@trustnxt/c2pa-ts/cose";
import type { Env } from "../../../config/index.ts";
import type { Logger } from "../../../lib/logger.ts";

/** The key and its certificate chain, in one PEM file readable by the owner only. */
export const SIGNING_IDENTITY_FILE = "content-credentials.pem";

const P256 = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" } as const;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;
/** The certificates made here last this long: without a time-stamp, a validator checks them against its own clock. */
const VALIDITY_YEARS = 20;

/** The COSE algorithm of a PKCS#8 key, as C2PA allows them. */
function algorithmOf(pkcs8Pem: string): CoseAlgorithmIdentifier {
  const key = createPrivateKey(pkcs8Pem);
  if (key.asymmetricKeyType === "ed25519") return CoseAlgorithmIdentifier.Ed25519;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (curve === "prime256v1") return CoseAlgorithmIdentifier.ES256;
  if (curve === "secp384r1") return CoseAlgorithmIdentifier.ES384;
  if (curve === "secp521r1") return CoseAlgorithmIdentifier.ES512;
  throw new Error(
    "The Content Credentials key must be an EC (P-256, P-384, P-521) or Ed25519 key in PKCS#8 PEM",
  );
}

function pkcs8Bytes(pem: string): Uint8Array {
  const der = createPrivateKey(pem).export({ type: "pkcs8", format: "der" });
  return new Uint8Array(der);
}

/** A signer from a PKCS#8 key and its chain, the signing certificate first. */
function signerOf(keyPem: string, chainPem: string): LocalSigner {
  const blocks = chainPem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [];
  const [certificate, ...chain] = blocks.map((block) => new x509.X509Certificate(block));
  if (!certificate)
    throw new Error("The Content Credentials certificate file holds no certificate");
  return new LocalSigner(pkcs8Bytes(keyPem), algorithmOf(keyPem), certificate, chain);
}

/**
 * A P-256 signing key with a certificate for it, issued by a root made for the purpose whose
 * key is then thrown away: C2PA refuses a self-signed signing certificate, and nothing else can
 * ever be issued under this root. The certificate carries what C2PA's profile asks of a claim
 * signer (critical key usage for signatures, the e-mail protection usage, key identifiers).
 */
export async function makeSigningIdentity(now = new Date()) {
  const subtle = webcrypto.subtle;
  const rootKeys = await subtle.generateKey(P256, true, ["sign", "verify"]);
  const keys = await subtle.generateKey(P256, true, ["sign", "verify"]);
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + VALIDITY_YEARS * YEAR_MS);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: "CN=Backdrop local root, O=Backdrop",
    keys: rootKeys,
    notBefore,
    notAfter,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const certificate = await x509.X509CertificateGenerator.create({
    subject: "CN=Backdrop, O=Backdrop",
    issuer: root.subject,
    publicKey: keys.publicKey,
    signingKey: rootKeys.privateKey,
    notBefore,
    notAfter,
    signingAlgorithm: P256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.emailProtection]),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root),
    ],
  });
  const pkcs8 = Buffer.from(await subtle.exportKey("pkcs8", keys.privateKey));
  return {
    keyPem: x509.PemConverter.encode(pkcs8, "PRIVATE KEY"),
    chainPem: `${certificate.toString("pem")}\n${root.toString("pem")}\n`,
  };
}

const errorCode = (error: unknown) => (error as { code?: unknown }).code;

async function readKept(file: string): Promise<string | null> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
}

/**
 * Writes the file whole or not at all, and only if it is not there yet: written aside, then
 * linked into place, which fails when another process got there first.
 */
async function writeOnce(file: string, text: string): Promise<boolean> {
  const aside = `${file}.${randomUUID()}`;
  await writeFile(aside, text, { mode: 0o600, flag: "wx" });
  try {
    await link(aside, file);
    return true;
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  } finally {
    await rm(aside, { force: true });
  }
}

/**
 * What signs the product's Content Credentials: the operator's key and certificate
 * (C2PA_SIGNING_KEY, C2PA_SIGNING_CERT), or a key and certificate made on the first start and
 * kept in DATA_DIR (the key readable by the owner only). No validator trusts the latter's
 * root: the credentials say what made the file and that it is unchanged, not who vouches for it.
 */
export async function loadSigningIdentity(
  env: Pick<Env, "dataDir" | "contentSigning">,
  logger: Logger,
): Promise<LocalSigner> {
  if (env.contentSigning) {
    const { keyFile, certFile } = env.contentSigning;
    return signerOf(await readFile(keyFile, "utf8"), await readFile(certFile, "utf8"));
  }
  const file = join(env.dataDir, SIGNING_IDENTITY_FILE);
  const kept = await readKept(file);
  if (kept) return signerOf(kept, kept);

  const made = await makeSigningIdentity();
  const text = `${made.keyPem}\n${made.chainPem}`;
  await mkdir(env.dataDir, { recursive: true });
  if (!(await writeOnce(file, text))) {
    // Another process made one first: sign with theirs.
    const theirs = await readFile(file, "utf8");
    return signerOf(theirs, theirs);
  }
  logger.info(
    `Made a Content Credentials signing key in ${file} (set C2PA_SIGNING_KEY and C2PA_SIGNING_CERT to use your own)`,
  );
  return signerOf(text, text);
}
