import { describe, expect, it } from "vitest";
import { envError } from "./env-error.test-helper.ts";
import { loadEnv } from "./index.ts";

const BUCKET = { S3_BUCKET: "backdrop-images" };
const KEYS = { S3_ACCESS_KEY_ID: "AKIAEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalr/secret+key" };

describe("object storage configuration", () => {
  it("keeps images on disk without S3_BUCKET", () => {
    expect(loadEnv({}).s3).toBeNull();
    expect(loadEnv({ S3_BUCKET: "", S3_ENDPOINT: "" }).s3).toBeNull();
  });

  it("reads every S3 variable", () => {
    const env = loadEnv({
      ...BUCKET,
      ...KEYS,
      S3_ENDPOINT: "https://minio.internal:9000/",
      S3_REGION: "eu-west-3",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(env.s3).toEqual({
      bucket: "backdrop-images",
      region: "eu-west-3",
      endpoint: "https://minio.internal:9000",
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "wJalr/secret+key" },
      forcePathStyle: true,
    });
    expect(Object.isFrozen(env.s3)).toBe(true);
  });

  it("uses AWS with the SDK's own credentials when only the bucket is set", () => {
    expect(loadEnv(BUCKET).s3).toEqual({
      bucket: "backdrop-images",
      region: "us-east-1",
      endpoint: null,
      credentials: null,
      forcePathStyle: false,
    });
    expect(loadEnv({ ...BUCKET, S3_FORCE_PATH_STYLE: "0" }).s3?.forcePathStyle).toBe(false);
  });

  it("refuses any S3 variable without S3_BUCKET, naming it", () => {
    for (const name of ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_FORCE_PATH_STYLE"]) {
      const value = name === "S3_ENDPOINT" ? "http://127.0.0.1:9000" : "0";
      expect(envError({ [name]: value })).toBe(
        `Invalid configuration: ${name} is set but S3_BUCKET is not; set S3_BUCKET to keep images in a bucket, or unset the S3_ variables to keep them on disk`,
      );
    }
  });

  it("wants both keys or neither", () => {
    const message =
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, to use the SDK's default credentials)";
    expect(envError({ ...BUCKET, S3_ACCESS_KEY_ID: "AKIAEXAMPLE" })).toBe(message);
    expect(envError({ ...BUCKET, S3_SECRET_ACCESS_KEY: KEYS.S3_SECRET_ACCESS_KEY })).toBe(message);
  });

  it("refuses malformed values", () => {
    expect(envError({ ...BUCKET, S3_ENDPOINT: "minio:9000" })).toBe(
      'Invalid configuration: S3_ENDPOINT must be a URL starting with http:// or https:// (got "minio:9000")',
    );
    expect(envError({ ...BUCKET, S3_FORCE_PATH_STYLE: "yes" })).toBe(
      'Invalid configuration: S3_FORCE_PATH_STYLE must be 0 or 1 (got "yes")',
    );
    expect(envError({ ...BUCKET, S3_REGION: "EU West" })).toBe(
      'Invalid configuration: S3_REGION must be a region name such as us-east-1 (or auto) (got "EU West")',
    );
    for (const bucket of ["Backdrop", "ab", "my_bucket", "-images"]) {
      expect(envError({ S3_BUCKET: bucket })).toBe(
        `Invalid configuration: S3_BUCKET must be a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens (got "${bucket}")`,
      );
    }
  });
});
