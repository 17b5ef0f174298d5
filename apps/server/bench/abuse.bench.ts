/**
 * `npm run bench:abuse` (issue 26, points 2 and 3): what anonymous previews and stalled
 * downloads cost a booted product (src/main.ts in a process of its own, local engine, SQLite).
 *
 *   npm run bench:abuse -- --flood       # a paid 1 MP generation alone, then with 8 visitors
 *                                        # flooding previews from rotating addresses
 *   npm run bench:abuse -- --downloads   # the server's RSS with 40 stalled ZIP downloads and 60
 *                                        # stalled file downloads of large results, and after
 *   npm run bench:abuse -- --flood --server-dir /tmp/before/apps/server   # an earlier copy
 *
 * The flood's clients run in this process and ignore Retry-After, as a botnet would; each
 * sends its next request as soon as the last is answered, with a new prompt (no answer can
 * come from a cache) and a new X-Forwarded-For (the server trusts one proxy).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join, resolve } from "node:path";
import { median } from "../src/lib/bench-stats.ts";
import { loadPhoto } from "./photos.ts";
import {
  recordWhen,
  type Session,
  signedInUser,
  startProcessing,
  subscribe,
  upload,
} from "./product-client.ts";
import { startProductProcess } from "./product-process.ts";

const argv = process.argv.slice(2);
const serverDirAt = argv.indexOf("--server-dir");
const serverDir = serverDirAt >= 0 ? resolve(argv[serverDirAt + 1] ?? ".") : undefined;
const runs = Number(argv[argv.indexOf("--runs") + 1]) || 3;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.replace(/\D+/g, "") ?? 0) * 1024;
}

/** A subscriber with a photo uploaded and cut out: their next generation is quick. */
async function seller(base: string, pixels: number, variant: number) {
  const user = await signedInUser(base);
  await subscribe(user, "elite");
  const photo = await loadPhoto("coffee.png", pixels, variant);
  const uploaded = await upload(user, photo.bytes, photo.contentType);
  await recordWhen(user, uploaded.savedBaseImage._id, (record) => record.cutoutImage !== null);
  return { user, uploaded };
}

type Seller = Awaited<ReturnType<typeof seller>>;

async function generate(who: Seller, prompt: string) {
  const { user, uploaded } = who;
  const id = uploaded.savedBaseImage._id;
  const current = await fetch(`${user.base}/api/fal/images/${id}`, {
    headers: { cookie: user.cookie },
  }).then((res) => res.json() as Promise<{ processedImage: { url: string } | null }>);
  const before = current.processedImage?.url;
  // The record may read "completed" from its cut-out or last generation: wait for a new result.
  const ended = recordWhen(
    user,
    id,
    (r) => r.status === "failed" || (r.status === "completed" && r.processedImage?.url !== before),
  );
  // Settled here if the start is refused, so its failure is the one reported.
  ended.catch(() => undefined);
  const started = performance.now();
  await startProcessing(user, uploaded, prompt, "realtime");
  const record = await ended;
  if (record.status !== "completed") throw new Error(`generation failed: ${record.error}`);
  return { ms: performance.now() - started, record };
}

/** The size of each result the downloads bench serves. */
const LARGE = 8 * 1024 * 1024;

const WORDS = ["beach", "marble", "forest", "kitchen", "sunset", "wooden", "table", "snow"];

async function flood(base: string) {
  const { pid } = product;
  const one = await seller(base, 1_000_000, 1);
  console.log("Seller ready (photo cut out); timing generations…");
  const prompts = ["on a marble counter in soft morning light", "on a sandy beach at sunset"];
  // Warm-up: the first generation loads the model.
  await generate(one, prompts[0] ?? "");
  const alone: number[] = [];
  for (let i = 0; i < runs; i++) alone.push((await generate(one, prompts[i % 2] ?? "")).ms);

  let stop = false;
  const statuses = new Map<number, number>();
  let n = 0;
  const client = async (id: number) => {
    while (!stop) {
      n += 1;
      const words = `${WORDS[n % WORDS.length]} ${WORDS[(n >> 3) % WORDS.length]} ${n}`;
      const res = await fetch(`${base}/api/fal/scene-preview`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: base,
          "x-forwarded-for": `10.${id}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ prompt: `on a ${words}`, width: 1200, height: 800 }),
      }).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }
  };
  const cpuBefore = cpuOf(pid);
  const floodStarted = performance.now();
  const clients = Array.from({ length: 8 }, (_, id) => client(id));
  await sleep(2_000);
  const flooded: number[] = [];
  for (let i = 0; i < runs; i++) flooded.push((await generate(one, prompts[i % 2] ?? "")).ms);
  const cores = (cpuOf(pid) - cpuBefore) / (performance.now() - floodStarted);
  stop = true;
  await Promise.all(clients);
  const a = median(alone);
  const f = median(flooded);
  console.log(`1 MP realtime generation (cut-out ready), median of ${runs}:`);
  console.log(
    `  alone:              ${a.toFixed(0)} ms  (${alone.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(
    `  with 8 flooders:    ${f.toFixed(0)} ms  (${flooded.map((x) => x.toFixed(0)).join(", ")})`,
  );
  console.log(`  slowdown:           ${((f / a - 1) * 100).toFixed(0)} %`);
  console.log(`  server CPU during the flood: ${cores.toFixed(2)} cores`);
  console.log(`  preview answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
}

/** The process's CPU time so far, user and system, in ms. */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1000;
}

/** A raw request whose answer is never read: only the sockets' buffers take anything. */
function stalled(base: string, session: Session, method: string, path: string, body = "") {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  socket.pause();
  socket.on("error", () => {});
  socket.write(
    [
      `${method} ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      `Cookie: ${session.cookie}`,
      `Origin: ${base}`,
      ...(body ? ["Content-Type: application/json", `Content-Length: ${body.length}`] : []),
      "",
      body,
    ].join("\r\n"),
  );
  return socket;
}

async function downloads(base: string) {
  const { pid } = product;
  // 8 downloads at most per user now: 5 users hold the 40 ZIPs, 8 users the 60 files.
  const sellers = [];
  // The same photo for each: the server copies its cut-out instead of making it again.
  for (let i = 0; i < 13; i++) sellers.push(await seller(base, 4_000_000, 1));
  const results = await Promise.all(
    sellers.map(async (s, i) => ({ ...s, ...(await generate(s, PROMPT_OF(i))) })),
  );
  // A result the size of a large photo's: its stored bytes replaced by LARGE random ones (the
  // server sends stored bytes as they are), as scenes drawn here compress to a few hundred KB.
  const files = readdirSync(join(product.dataDir, "files"), { recursive: true }).map(String);
  for (const r of results) {
    const id = /\/api\/files\/([0-9a-f-]{36})\./.exec(r.record.processedImage?.url ?? "")?.[1];
    const path = files.find((file) => id && file.includes(id));
    if (!path) throw new Error(`no stored file for ${id}`);
    writeFileSync(join(product.dataDir, "files", path), randomBytes(LARGE));
  }
  const size = await fetch(
    `${base}${new URL(results[0]?.record.processedImage?.url ?? "").pathname}`,
    {
      headers: { cookie: results[0]?.user.cookie ?? "" },
    },
  ).then((res) => res.arrayBuffer());
  console.log(`Each result: ${mib(size.byteLength)} (${size.byteLength} bytes)`);
  // Warm-up: one whole download of each kind per user.
  for (const r of results.slice(0, 2)) {
    const path = new URL(r.record.processedImage?.url ?? "").pathname;
    await fetch(`${base}${path}`, { headers: { cookie: r.user.cookie } }).then((x) =>
      x.arrayBuffer(),
    );
    await fetch(`${base}/api/images/archive`, {
      method: "POST",
      headers: { cookie: r.user.cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ ids: [r.record._id] }),
    }).then((x) => x.arrayBuffer());
  }
  await sleep(3_000);
  const baseline = rssOf(pid);
  const sockets: Socket[] = [];
  for (let i = 0; i < 40; i++) {
    const r = results[Math.floor(i / 8)];
    if (!r) continue;
    const body = JSON.stringify({ ids: [r.record._id] });
    sockets.push(stalled(base, r.user, "POST", "/api/images/archive", body));
  }
  for (let i = 0; i < 60; i++) {
    const r = results[5 + Math.floor(i / 8)];
    if (!r) continue;
    const path = new URL(r.record.processedImage?.url ?? "").pathname;
    sockets.push(stalled(base, r.user, "GET", path));
  }
  let peak = 0;
  for (let i = 0; i < 20; i++) {
    await sleep(250);
    peak = Math.max(peak, rssOf(pid));
  }
  const during = rssOf(pid);
  for (const socket of sockets) socket.destroy();
  await sleep(5_000);
  const after = rssOf(pid);
  console.log("Server RSS with 40 stalled ZIP downloads and 60 stalled file downloads:");
  console.log(`  baseline:            ${mib(baseline)}`);
  console.log(
    `  while stalled:       ${mib(during)} (+${mib(during - baseline)}; peak +${mib(peak - baseline)})`,
  );
  console.log(`  5 s after they left: ${mib(after)} (+${mib(after - baseline)})`);
}

function PROMPT_OF(i: number): string {
  return i % 2 ? "on a sandy beach at sunset" : "on a marble counter in soft morning light";
}

const product = await startProductProcess({ TRUST_PROXY: "1", LOG_LEVEL: "warn" }, serverDir);
try {
  console.log(`Product at ${product.base}${serverDir ? ` from ${serverDir}` : ""}`);
  if (argv.includes("--flood")) await flood(product.base);
  if (argv.includes("--downloads")) await downloads(product.base);
} catch (error) {
  console.error(`The server's last lines:\n${product.output()}`, error);
  throw error;
} finally {
  await product.stop();
}
