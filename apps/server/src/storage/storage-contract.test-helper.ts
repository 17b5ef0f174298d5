import { createHash, randomBytes } from "node:crypto";
import { beforeEach, expect, it } from "vitest";
import type { FileStorage, OpenedFile } from "./file-storage.ts";

const UNSAFE_KEYS = [
  "",
  "../outside.png",
  "users/../../outside.png",
  "/absolute.png",
  "users//double.png",
  ".hidden",
  "users/a b.png",
  "users\\back.png",
  "users/ä.png",
];

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

async function readAll(opened: OpenedFile): Promise<{ bytes: Buffer; chunks: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

/**
 * What every FileStorage promises the services, run against each adapter (disk, S3): called
 * inside a describe, with `fresh` handing each test an empty storage.
 */
export function storageContract(fresh: () => FileStorage | Promise<FileStorage>): void {
  let storage: FileStorage;
  beforeEach(async () => {
    storage = await fresh();
  });

  it("reads back the bytes it stored, as a Buffer", async () => {
    await storage.put("users/u1/r1/f1.png", Buffer.from("a picture"));
    const bytes = await storage.get("users/u1/r1/f1.png");
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes?.toString()).toBe("a picture");
  });

  it("replaces the bytes of a key written again, longer or shorter", async () => {
    await storage.put("users/u1/f.png", Buffer.from("first version, the longer one"));
    await storage.put("users/u1/f.png", Buffer.from("second"));
    expect((await storage.get("users/u1/f.png"))?.toString()).toBe("second");
  });

  it("answers null for a key never written, beside written ones or not", async () => {
    expect(await storage.get("users/nobody/nothing.png")).toBeNull();
    await storage.put("users/u1/r1/there.png", Buffer.from("x"));
    expect(await storage.get("users/u1/r1/missing.png")).toBeNull();
    expect(await storage.get("users/u1/r1")).toBeNull();
  });

  it("deletes a key, and deleting a missing key again is no error", async () => {
    await storage.put("users/u1/gone.png", Buffer.from("x"));
    await storage.delete("users/u1/gone.png");
    expect(await storage.get("users/u1/gone.png")).toBeNull();
    await expect(storage.delete("users/u1/gone.png")).resolves.toBeUndefined();
    await expect(storage.delete("users/never/was.png")).resolves.toBeUndefined();
  });

  it("refuses unsafe keys for every operation, before touching anything", async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from("x")), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Unsafe storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/Unsafe storage key/);
    }
  });

  it("keeps nested keys apart: a file, its thumbnail and its kept scene", async () => {
    const keys = {
      "users/u1/r1/f1.png": "original",
      "thumbs/users/u1/r1/f1-480.webp": "thumbnail",
      "kept/users/u1/r1/f1.scene.json": '{"prompt":"on marble"}',
      "users/u1/r1/f2.png": "another file of the record",
      "users/u2/r1/f1.png": "another user's file, same names",
    };
    for (const [key, text] of Object.entries(keys)) await storage.put(key, Buffer.from(text));
    await storage.delete("users/u1/r1/f1.png");
    expect(await storage.get("users/u1/r1/f1.png")).toBeNull();
    for (const [key, text] of Object.entries(keys).slice(1)) {
      expect((await storage.get(key))?.toString(), key).toBe(text);
    }
  });

  it("keeps every byte value intact, and an empty file empty", async () => {
    const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));
    await storage.put("users/u1/bytes.bin", everyByte);
    expect((await storage.get("users/u1/bytes.bin"))?.equals(everyByte)).toBe(true);
    await storage.put("users/u1/empty.json", Buffer.alloc(0));
    expect((await storage.get("users/u1/empty.json"))?.length).toBe(0);
  });

  it("stores and reads a large image (8 MB) whole", async () => {
    const large = randomBytes(8 * 1024 * 1024);
    await storage.put("users/u1/r1/large.png", large);
    const read = await storage.get("users/u1/r1/large.png");
    expect(read?.length).toBe(large.length);
    expect(read && sha256(read)).toBe(sha256(large));
  });

  it("keeps concurrent writes of different keys apart", async () => {
    const keys = Array.from({ length: 16 }, (_, i) => `users/u1/r${i % 4}/f${i}.png`);
    await Promise.all(keys.map((key) => storage.put(key, Buffer.from(key))));
    const read = await Promise.all(keys.map((key) => storage.get(key)));
    expect(read.map((bytes) => bytes?.toString())).toEqual(keys);
  });

  it("opens a stored file as a stream of pieces, with its size, and null when there is none", async () => {
    const large = randomBytes(3 * 1024 * 1024 + 5);
    await storage.put("users/u1/r1/large.png", large);
    const opened = await storage.open("users/u1/r1/large.png");
    expect(opened?.size).toBe(large.length);
    const read = opened ? await readAll(opened) : null;
    expect(read && sha256(read.bytes)).toBe(sha256(large));
    // Read a piece at a time, never whole.
    expect(read?.chunks).toBeGreaterThan(1);
    await storage.put("users/u1/empty.json", Buffer.alloc(0));
    const empty = await storage.open("users/u1/empty.json");
    expect(empty?.size).toBe(0);
    expect(empty && (await readAll(empty)).bytes.length).toBe(0);
    expect(await storage.open("users/nobody/nothing.png")).toBeNull();
    expect(await storage.open("users/u1/r1")).toBeNull();
  });

  it("lets go of a file opened and destroyed before its end", async () => {
    await storage.put("users/u1/r1/big.png", randomBytes(2 * 1024 * 1024));
    const opened = await storage.open("users/u1/r1/big.png");
    if (!opened) throw new Error("not opened");
    const first = await new Promise<unknown>((resolve) => opened.stream.once("data", resolve));
    expect(first).toBeDefined();
    const closed = new Promise((resolve) => opened.stream.once("close", resolve));
    opened.stream.destroy();
    await closed;
    expect(opened.stream.destroyed).toBe(true);
    // The file is unharmed and may be replaced and deleted.
    await storage.delete("users/u1/r1/big.png");
    expect(await storage.open("users/u1/r1/big.png")).toBeNull();
  });
}
