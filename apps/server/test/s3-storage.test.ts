import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Client, createS3Storage } from "../src/storage/s3.storage.ts";
import { storageContract } from "../src/storage/storage-contract.test-helper.ts";
import { useS3Server } from "./helpers/s3-server.ts";

/** The S3 adapter against a real S3 protocol server: the contract the disk adapter keeps too. */
describe("S3 storage on s3rver", () => {
  const s3 = useS3Server();
  // One client for the suite, as the app keeps one; each test gets a bucket of its own.
  let client: S3Client;
  beforeAll(() => {
    client = createS3Client(s3().config("unused"));
  });
  afterAll(() => {
    client.destroy();
  });

  describe("the storage contract", () => {
    storageContract(async () => createS3Storage(s3().config(await s3().createBucket()), client));
  });

  it("stores each key as the object of that name, nothing beside it", async () => {
    const bucket = await s3().createBucket();
    const storage = createS3Storage(s3().config(bucket), client);
    await storage.put("users/u1/r1/f1.png", Buffer.from("x"));
    await storage.put("thumbs/users/u1/r1/f1-480.webp", Buffer.from("y"));
    expect(await s3().keys(bucket)).toEqual([
      "thumbs/users/u1/r1/f1-480.webp",
      "users/u1/r1/f1.png",
    ]);
    await storage.delete("users/u1/r1/f1.png");
    expect(await s3().keys(bucket)).toEqual(["thumbs/users/u1/r1/f1-480.webp"]);
  });

  it("answers a missing bucket with an error, never as a missing file", async () => {
    const storage = createS3Storage(s3().config("no-such-bucket"), client);
    await expect(storage.get("users/u1/f.png")).rejects.toMatchObject({ name: "NoSuchBucket" });
    await expect(storage.put("users/u1/f.png", Buffer.from("x"))).rejects.toMatchObject({
      name: "NoSuchBucket",
    });
  });

  it("pings the bucket, and says why when it cannot", async () => {
    const bucket = await s3().createBucket();
    await expect(createS3Storage(s3().config(bucket), client).ping()).resolves.toBeUndefined();
    await expect(createS3Storage(s3().config("no-such-bucket"), client).ping()).rejects.toThrow(
      "bucket no-such-bucket: no such bucket",
    );
    // s3rver knows its access key but does not verify V4 signatures: an unknown key is refused.
    const stranger = createS3Storage({
      ...s3().config(bucket),
      credentials: { accessKeyId: "SOMEONE-ELSE", secretAccessKey: "S3RVER" },
    });
    try {
      await expect(stranger.ping()).rejects.toThrow(`bucket ${bucket}: access denied`);
      await expect(stranger.get("users/u1/f.png")).rejects.toMatchObject({
        name: "InvalidAccessKeyId",
      });
    } finally {
      stranger.close();
    }
  });

  it("gives up on a bucket that does not answer, rather than holding the health check", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as AddressInfo;
    const storage = createS3Storage({
      ...s3().config("quiet"),
      endpoint: `http://127.0.0.1:${port}`,
    });
    try {
      await expect(storage.ping()).rejects.toThrow("bucket quiet: no answer within 3 s");
    } finally {
      storage.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
