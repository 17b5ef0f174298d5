/**
 * Stalled downloads: GET /api/files/:id.:ext and POST /api/images/archive stream with
 * backpressure and time out idle clients; concurrent downloads per user are capped (the extra
 * answers 429 with Retry-After). 40 stalled archives + 60 stalled files, then the clients
 * leave: the server's memory (VmRSS) comes back within 64 MiB of what it was before.
 */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import { rssOf, type Stalled, settle, socketsOf, stalledDownload } from "../lib/streams.ts";
import { inline, scenario } from "./common.ts";

const MiB = 1024 * 1024;
const USERS = 4;
const ARCHIVES_EACH = 10;
const FILES_EACH = 15;
/** How long the server may take to let an idle (stalled) client go. */
const IDLE_LIMIT_MS = 180_000;

type Downloader = { user: User; fileUrl: string; recordId: string };

/**
 * A paid user with a photo of about 9.5 MB (noise, incompressible: larger than what socket
 * buffers hold, so its download truly stalls) and a finished 1 MP generation for its archive.
 */
async function downloader(inst: Instance, n: number, heavy: Buffer): Promise<Downloader> {
  const user = await A.subscriber(inst, `stall-${n}`, "pro");
  const big = await A.upload(inst, user, heavy, "noise.png");
  const photo = await A.upload(inst, user, await I.oneMegapixel(), "photo.jpg");
  const started = await A.processImage(inst, user, photo);
  if (started.status !== 200) throw new Error(`process answered ${started.status}`);
  return { user, fileUrl: big.url, recordId: photo.recordId };
}

function stallFile(inst: Instance, d: Downloader) {
  return stalledDownload(inst.url, new URL(d.fileUrl).pathname, {
    headers: { cookie: d.user.cookie },
  });
}

function stallArchive(inst: Instance, d: Downloader) {
  return stalledDownload(inst.url, "/api/images/archive", {
    method: "POST",
    headers: { cookie: d.user.cookie, origin: inst.url, "content-type": "application/json" },
    body: JSON.stringify({ ids: [d.recordId] }),
  });
}

async function stalledDownloads(inst: Instance, cases: Cases) {
  const pid = inst.server?.child.pid;
  if (!pid) throw new Error("no server process");
  const heavy = await I.noise(1800, 1800);
  const downloaders: Downloader[] = [];
  for (let n = 0; n < USERS; n++) downloaders.push(await downloader(inst, n, heavy));
  for (const d of downloaders) {
    const ended = await A.waitForRecord(inst, d.user, d.recordId, 600_000);
    if (ended?.status !== "completed") throw new Error(`generation ended ${ended?.status}`);
  }
  // A full download of each first, so what the server keeps for good (caches, code) is counted.
  for (const d of downloaders) {
    await A.get(inst, new URL(d.fileUrl).pathname, d.user);
    await A.postJson(inst, "/api/images/archive", { ids: [d.recordId] }, d.user);
  }
  await sleep(3000);
  const baseline = rssOf(pid);
  const baseSockets = socketsOf(pid);

  const stalled: Stalled[] = [];
  for (const d of downloaders) {
    for (let i = 0; i < ARCHIVES_EACH; i++) stalled.push(stallArchive(inst, d));
    for (let i = 0; i < FILES_EACH; i++) stalled.push(stallFile(inst, d));
  }
  const heads = await Promise.all(stalled.map((s) => s.head));
  const statuses = new Map<number, number>();
  for (const h of heads) statuses.set(h.status, (statuses.get(h.status) ?? 0) + 1);
  const summary = [...statuses].map(([s, n]) => `${n} × ${s}`).join(", ");
  const peak = rssOf(pid);
  cases.note(
    `${stalled.length} stalled downloads (${summary}); RSS ${Math.round(baseline / MiB)} MiB before, ${Math.round(peak / MiB)} MiB stalled`,
  );
  const limited = heads.filter((h) => h.status === 429);
  cases.check(
    `concurrent downloads per user are capped: of ${ARCHIVES_EACH + FILES_EACH} stalled per user, the extra answer 429`,
    limited.length > 0 && heads.every((h) => h.status === 200 || h.status === 429),
    summary,
  );
  cases.check(
    "every 429 carries Retry-After",
    limited.length > 0 && limited.every((h) => Number(h.headers["retry-after"]) > 0),
    limited
      .map((h) => String(h.headers["retry-after"]))
      .slice(0, 5)
      .join(","),
  );
  const ownSockets = () => socketsOf(pid);
  const left = await settle(ownSockets, (n) => n <= baseSockets + 2, IDLE_LIMIT_MS);
  cases.check(
    `idle clients are timed out: the server lets the stalled connections go within ${IDLE_LIMIT_MS / 1000} s`,
    left <= baseSockets + 2,
    `${left} sockets open, ${baseSockets} before`,
  );
  for (const s of stalled) s.close();
  const after = await settle(
    () => rssOf(pid),
    (rss) => rss <= baseline + 64 * MiB,
    60_000,
  );
  cases.check(
    "after the clients leave, the server's RSS is back within 64 MiB of its baseline",
    after <= baseline + 64 * MiB,
    `${Math.round(after / MiB)} MiB, baseline ${Math.round(baseline / MiB)} MiB, stalled ${Math.round(peak / MiB)} MiB`,
  );
  const d = downloaders[0] as Downloader;
  const again = await A.get(inst, new URL(d.fileUrl).pathname, d.user);
  cases.check(
    "the user's slots are free again: a download answers 200 whole",
    again.status === 200 && again.body.length > 4 * MiB,
    `${again.status} ${again.body.length} bytes`,
  );
  cases.check("the server stayed up", inst.isServerUp(), "");
}

export function downloadScenarios(): Plan[] {
  return [
    scenario(
      "stalled downloads: 40 archives + 60 files never read, then the clients leave (sqlite-inline)",
      inline("stalled-downloads", { STORAGE_QUOTA_MB: "1000" }),
      stalledDownloads,
    ),
  ];
}
