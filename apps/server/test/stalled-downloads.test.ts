import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { DOWNLOAD_MESSAGES } from "@backdrop/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DOWNLOAD_LIMITS } from "../src/container.ts";
import type { DatabaseHandle } from "../src/repositories/database.ts";
import { createDiskStorage } from "../src/storage/disk.storage.ts";
import type { FileStorage } from "../src/storage/file-storage.ts";
import { migratedSqlite } from "./helpers/databases.ts";
import { accepted, FAST_JOBS } from "./helpers/generation-jobs.ts";
import { pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import { asCookie, SAME_ORIGIN, type SignedIn } from "./helpers/identity.ts";
import { type Listening, listen } from "./helpers/listening.ts";
import { adaAndBob, subscribeInSandbox } from "./helpers/payments.ts";
import { scriptedEngine } from "./helpers/scripted-engine.ts";
import { createTestApp } from "./helpers/test-app.ts";

/** Far more than a socket's buffers on both ends of a loopback connection hold. */
const LARGE = 48 * 1024 * 1024;
/** What a download of a client that reads nothing may have pulled from storage at most. */
const BOUND = 16 * 1024 * 1024;

/**
 * Disk storage that counts what the server pulls out of it: whole files read with `get`, and
 * the bytes each opened stream has read from its file, with the streams still open.
 */
function countingStorage(root: string) {
  const disk = createDiskStorage(root);
  const streams: Readable[] = [];
  let whole = 0;
  const storage: FileStorage = {
    ...disk,
    async get(key) {
      const bytes = await disk.get(key);
      whole += bytes?.length ?? 0;
      return bytes;
    },
    async open(key) {
      const opened = await disk.open(key);
      if (opened) streams.push(opened.stream);
      return opened;
    },
  };
  return {
    storage,
    /** Forgets what was read so far (the job's and the test's own reads). */
    reset() {
      whole = 0;
      streams.length = 0;
    },
    /** Bytes read from storage since the last reset. */
    pulled: () =>
      whole + streams.reduce((sum, s) => sum + ((s as { bytesRead?: number }).bytesRead ?? 0), 0),
    /** Streams neither read to their end nor destroyed. */
    open: () => streams.filter((s) => !s.destroyed && !s.closed).length,
  };
}

/**
 * Waits until `read` has moved from 0 and then gives the same value four times in a row,
 * 50 ms apart: the server has taken all it will from storage for now. Returns that value.
 */
async function settled(read: () => number): Promise<number> {
  await vi.waitFor(() => expect(read()).toBeGreaterThan(0), { timeout: 20_000 });
  let last = -1;
  let same = 0;
  await vi.waitFor(
    () => {
      const now = read();
      same = now === last ? same + 1 : 0;
      last = now;
      if (same < 4) throw new Error("still moving");
    },
    { timeout: 20_000, interval: 50 },
  );
  return last;
}

/**
 * A raw HTTP request from a client that never reads the answer: its socket is paused from the
 * start, so only the kernel's buffers take what the server sends.
 */
function stalledRequest(
  server: Listening,
  request: { method: string; path: string; cookie: string; body?: string },
): Socket {
  const socket = connect(server.port, "127.0.0.1");
  socket.pause();
  const body = request.body ?? "";
  socket.write(
    [
      `${request.method} ${request.path} HTTP/1.1`,
      "Host: 127.0.0.1",
      `Cookie: ${request.cookie}`,
      `Origin: ${SAME_ORIGIN.origin}`,
      ...(body ? ["Content-Type: application/json", `Content-Length: ${body.length}`] : []),
      "",
      body,
    ].join("\r\n"),
  );
  socket.on("error", () => {});
  return socket;
}

describe("downloads a client stops reading (issue 26, point 3)", () => {
  let handle: DatabaseHandle;
  let t: ReturnType<typeof createTestApp>;
  let counted: ReturnType<typeof countingStorage>;
  let server: Listening;
  let ada: SignedIn;
  const sockets: Socket[] = [];

  async function start(downloads: { idleMs?: number } = {}) {
    handle = await migratedSqlite();
    counted = countingStorage(mkdtempSync(join(tmpdir(), "backdrop-stalled-")));
    t = createTestApp(handle, {
      engine: scriptedEngine().engine,
      storage: counted.storage,
      jobs: FAST_JOBS,
      downloads,
    });
    t.container.jobs.start();
    ({ ada } = await adaAndBob(t));
    server = await listen(t.app);
  }

  beforeEach(() => {
    sockets.length = 0;
  });
  afterEach(async () => {
    for (const socket of sockets) socket.destroy();
    await server.close();
    await t.container.close();
    await handle.db.destroy();
  });

  /** An upload of Ada's whose stored bytes are replaced by LARGE random ones; its file path. */
  async function largeUpload(): Promise<string> {
    const uploaded = await upload(t, ada);
    const fileId = /\/api\/files\/([0-9a-f-]{36})\./.exec(uploaded.url)?.[1] ?? "";
    const file = await t.container.repositories.generations.records.findFile(fileId);
    await counted.storage.put(file?.storageKey ?? "", randomBytes(LARGE));
    counted.reset();
    return new URL(uploaded.url, "http://x").pathname;
  }

  /** A finished generation of Ada's whose result is replaced by LARGE random bytes. */
  async function largeResult(): Promise<string> {
    await subscribeInSandbox(t, ada, "pro");
    const uploaded = await upload(t, ada);
    await accepted(await postFal(t, "process", processBody(ada, uploaded), ada));
    const record = await pollRecord(t, ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    const url = record.processedImage?.url ?? "";
    const fileId = /\/api\/files\/([0-9a-f-]{36})\./.exec(url)?.[1] ?? "";
    const file = await t.container.repositories.generations.records.findFile(fileId);
    await counted.storage.put(file?.storageKey ?? "", randomBytes(LARGE));
    counted.reset();
    return record._id;
  }

  it("reads a file from storage only as far as the client reads, and lets go when it leaves", async () => {
    await start();
    const path = await largeUpload();
    for (let i = 0; i < 3; i++) {
      sockets.push(stalledRequest(server, { method: "GET", path, cookie: ada.cookie }));
    }
    const pulled = await settled(counted.pulled);
    // Three stalled clients of a 48 MiB file: each holds what the sockets' buffers take.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(3 * BOUND);
    expect(counted.open()).toBe(3);
    expect(t.container.downloads.slots.size()).toBe(3);

    for (const socket of sockets) socket.destroy();
    await vi.waitFor(() => expect(counted.open()).toBe(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(t.container.downloads.slots.size()).toBe(0));
  });

  it("builds a ZIP only as fast as the client reads it, and lets go when it leaves", async () => {
    await start();
    const recordId = await largeResult();
    const body = JSON.stringify({ ids: [recordId] });
    const path = "/api/images/archive";
    sockets.push(stalledRequest(server, { method: "POST", path, cookie: ada.cookie, body }));
    const pulled = await settled(counted.pulled);
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(BOUND);
    expect(counted.open()).toBe(1);

    sockets[0]?.destroy();
    await vi.waitFor(() => expect(counted.open()).toBe(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(t.container.downloads.slots.size()).toBe(0));
  });

  it("drops a client that stays connected but stops reading", async () => {
    await start({ idleMs: 100 });
    const path = await largeUpload();
    const socket = stalledRequest(server, { method: "GET", path, cookie: ada.cookie });
    sockets.push(socket);
    // Nothing is read from this client, yet the server lets go of the file on its own.
    await vi.waitFor(() => expect(counted.pulled()).toBeGreaterThan(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(counted.open()).toBe(0), { timeout: 10_000 });
    // The connection was closed: reading it now ends well short of the file.
    let received = 0;
    const ended = new Promise<void>((resolve) => {
      socket.on("close", () => resolve());
      socket.on("data", (chunk: Buffer) => {
        received += chunk.length;
        if (received >= LARGE) resolve();
      });
    });
    socket.resume();
    await ended;
    expect(received).toBeLessThan(LARGE);
    expect(t.container.downloads.slots.size()).toBe(0);
  });

  it("lets each user hold a few downloads at once, then answers 429 with Retry-After; thumbnails still load", async () => {
    await start();
    const path = await largeUpload();
    for (let i = 0; i < DOWNLOAD_LIMITS.perUser; i++) {
      sockets.push(stalledRequest(server, { method: "GET", path, cookie: ada.cookie }));
    }
    await vi.waitFor(() =>
      expect(t.container.downloads.slots.size()).toBe(DOWNLOAD_LIMITS.perUser),
    );

    const refused = await fetch(`${server.url}${path}`, { headers: asCookie(ada) });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: DOWNLOAD_MESSAGES.tooManyAtOnce });
    const archive = await fetch(`${server.url}/api/images/archive`, {
      method: "POST",
      headers: { ...asCookie(ada), ...SAME_ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ ids: [randomUUID()] }),
    });
    expect(archive.status).toBe(429);

    // The original photo's thumbnail is small and answered whole: no download slot.
    const small = await upload(t, ada);
    const thumb = await fetch(
      `${server.url}${new URL(small.url, "http://x").pathname}?size=thumb`,
      {
        headers: asCookie(ada),
      },
    );
    expect(thumb.status).toBe(200);

    for (const socket of sockets) socket.destroy();
    await vi.waitFor(() => expect(t.container.downloads.slots.size()).toBe(0), {
      timeout: 10_000,
    });
    const again = await fetch(`${server.url}${path}`, { headers: asCookie(ada) });
    expect(again.status).toBe(200);
    expect((await again.arrayBuffer()).byteLength).toBe(LARGE);
  });
});
