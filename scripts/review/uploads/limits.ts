/** The per-user upload rate limit answers 429 with Retry-After, and the storage quota 413. */
import * as A from "../lib/actors.ts";
import { type Answer, errorOf, header, multipart, type NoAnswer, statusesOf } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { M, rawUpload, stored } from "./common.ts";

/** UPLOAD_RATE_LIMIT=5/600, FREE_STORAGE_QUOTA_MB=2, STORAGE_QUOTA_MB=6 on this instance. */
export async function uploadLimits(inst: Instance, cases: Cases): Promise<void> {
  const tiny = await I.uniform(4, 4);
  const heavy = await A.createUser(inst, "heavy");
  const neighbour = await A.createUser(inst, "neighbour");
  const statuses = await statusesOf(5, () => A.postUpload(inst, heavy, tiny));
  cases.check(
    "5 uploads within UPLOAD_RATE_LIMIT=5/600 are accepted",
    statuses.every((s) => s === 200),
    statuses.join(","),
  );
  const sixth = await A.postUpload(inst, heavy, tiny);
  const retry = Number(header(sixth, "retry-after"));
  cases.status("6th upload answers 429", sixth, 429);
  cases.check(
    "429 carries the upload message",
    errorOf(sixth) === M.tooManyUploads,
    errorOf(sixth),
  );
  cases.check(
    "429 carries Retry-After between 1 and 600 s",
    retry >= 1 && retry <= 600,
    header(sixth, "retry-after"),
  );
  const before = await stored(inst, heavy.id);
  const { body, contentType } = multipart([
    { name: "image", filename: "p.png", type: "image/png", data: tiny },
    { name: "userUid", value: heavy.id },
  ]);
  const other = await rawUpload(inst, heavy, body, contentType, "127.0.0.9");
  cases.status("the limit is per user: another address does not reset it (429)", other, 429);
  cases.check(
    "nothing stored past the limit",
    JSON.stringify(await stored(inst, heavy.id)) === JSON.stringify(before),
    "",
  );
  cases.status("another user is not limited by it", await A.postUpload(inst, neighbour, tiny), 200);

  const refusedFirst = await A.createUser(inst, "refused-first");
  for (let i = 0; i < 5; i++) await A.postUpload(inst, refusedFirst, Buffer.from("not an image"));
  cases.status(
    "refused uploads count toward the limit too (6th, a good photo: 429)",
    await A.postUpload(inst, refusedFirst, tiny),
    429,
  );
  cases.status(
    "visitors are refused before the limit (401)",
    await A.postUpload(inst, null, tiny, { userUid: heavy.id }),
    401,
  );
  await quotas(inst, cases, tiny);
}

/** A quota refusal names the quota. */
function namesLimit(cases: Cases, answer: Answer | NoAnswer, megabytes: number) {
  cases.check(
    `413 names the ${megabytes} MB limit`,
    errorOf(answer).includes(`storage limit of ${megabytes} MB`),
    errorOf(answer),
  );
}

/** Quotas: free 2 MB, paid 6 MB; the check is on the bytes sent plus what is stored. */
async function quotas(inst: Instance, cases: Cases, tiny: Buffer) {
  const freeUser = await A.createUser(inst, "quota-free");
  const noiseMb = await I.noise(600, 600); // about 1.08 MB, incompressible
  const first = await A.postUpload(inst, freeUser, noiseMb);
  cases.status("free user: first 1.1 MB photo within the 2 MB quota", first, 200);
  const beforeQuota = await stored(inst, freeUser.id);
  const second = await A.postUpload(inst, freeUser, noiseMb);
  cases.status("free user: a second 1.1 MB photo passes the quota: 413", second, 413);
  namesLimit(cases, second, 2);
  cases.check(
    "nothing stored by the refused upload",
    JSON.stringify(await stored(inst, freeUser.id)) === JSON.stringify(beforeQuota),
    "",
  );
  cases.status("free user: a tiny photo still fits", await A.postUpload(inst, freeUser, tiny), 200);

  const paid = await A.subscriber(inst, "quota-paid", "starter");
  const big = await I.noise(1350, 1350); // about 5.5 MB
  cases.check(
    "paid fixture is between 2 and 6 MB",
    big.length > 2_000_000 && big.length < 6_000_000,
    String(big.length),
  );
  cases.status(
    "paid user: a 5.5 MB photo fits the 6 MB paid quota (free would refuse it)",
    await A.postUpload(inst, paid, big),
    200,
  );
  const over = await A.postUpload(inst, paid, noiseMb);
  cases.status("paid user: passing 6 MB answers 413", over, 413);
  namesLimit(cases, over, 6);
  const freeBig = await A.createUser(inst, "quota-free-big");
  const freeOver = await A.postUpload(inst, freeBig, big);
  cases.status("free user: the same 5.5 MB photo passes the 2 MB free quota: 413", freeOver, 413);
}
