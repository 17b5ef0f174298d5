/** Live-stream limits per user, and health under a load of large uploads. */
import * as A from "../lib/actors.ts";
import { watchHealth } from "../lib/health.ts";
import { request, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Plan } from "../lib/plan.ts";
import type { Cases } from "../lib/report.ts";
import { inline, M, openStream, scenario } from "./common.ts";

async function liveStreams(inst: Instance, cases: Cases) {
  const user = await A.createUser(inst, "streams");
  const other = await A.createUser(inst, "streams-other");
  const mine = await A.upload(inst, user, I.photo("coffee.png"));
  const theirs = await A.upload(inst, other, I.photo("coffee.png"));
  const openEight = async () => {
    const open = [];
    for (let i = 0; i < 8; i++) open.push(await openStream(inst, user, mine.recordId));
    return open;
  };
  const open = await openEight();
  cases.check(
    "8 streams of one user are accepted",
    open.every((s) => s.status === 200),
    open.map((s) => s.status).join(","),
  );
  const ninth = await openStream(inst, user, mine.recordId);
  cases.check(
    "the 9th answers 429 with the live-updates message",
    ninth.status === 429 && ninth.body.includes(M.tooManyLiveUpdates),
    `${ninth.status} ${ninth.body.slice(0, 80)}`,
  );
  const others = await openStream(inst, other, theirs.recordId);
  cases.check(
    "another user's stream is not counted against it",
    others.status === 200,
    String(others.status),
  );
  open.pop()?.close();
  await sleep(500);
  const again = await openStream(inst, user, mine.recordId);
  cases.check("a closed stream gives its slot back", again.status === 200, String(again.status));
  for (const s of [...open, again, others]) s.close();
  await sleep(500);
  const afterAll = await openEight();
  cases.check(
    "after clients vanish, all 8 slots are free again",
    afterAll.every((s) => s.status === 200),
    afterAll.map((s) => s.status).join(","),
  );
  for (const s of afterAll) s.close();
  cases.status("the server still answers", await request(inst.url, "/api/health"), 200);
}

async function uploadLoad(inst: Instance, cases: Cases) {
  const user = await A.createUser(inst, "loader");
  const noise = await I.noise(2048, 2048, "jpeg");
  const health = watchHealth(inst, 200);
  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      A.postUpload(inst, user, noise, { filename: "n.jpg", type: "image/jpeg" }),
    ),
  );
  const stats = await health.stop();
  cases.check(
    "all 8 answered 200",
    answers.every((a) => a.status === 200),
    answers.map((a) => a.status || `0 (${a.error} after ${a.ms} ms)`).join(","),
  );
  cases.check(
    "health answered every poll",
    stats.noAnswer === 0 && stats.not200 === 0,
    JSON.stringify({ ...stats, statuses: [...stats.statuses] }),
  );
  cases.check(
    "health stayed under 2 s",
    stats.maxMs < 2000,
    `max ${stats.maxMs} ms over ${stats.polls} polls`,
  );
}

export function loadScenarios(): Plan[] {
  return [
    scenario(
      "live streams: 8 per user, the 9th answers 429 (sqlite-inline)",
      inline("sse"),
      liveStreams,
    ),
    scenario(
      "8 parallel 2048×2048 noise uploads: health stays responsive (sqlite-inline)",
      inline("upload-load"),
      uploadLoad,
    ),
  ];
}
