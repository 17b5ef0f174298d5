/**
 * Takes: a generation of an upload whose cut-out found no subject is refused before any debit;
 * upscale and edit act on the record's chosen take only; choosing is the owner's alone.
 */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, chargesCents, cutoutJobsOf, jobsOf, total } from "../lib/db.ts";
import { type Answer, errorOf, got, type NoAnswer, request, sleep } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import { type Money, MSG } from "./common.ts";

type Take = { url: string; seed: number };
type TakesView = A.RecordView & { variations: Take[] };

/** Waits until the upload's free cut-out job has ended; its row. */
async function cutoutEnded(inst: Instance, user: User, timeoutMs = 600_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await cutoutJobsOf(inst, user.id);
    if (job?.status === "completed" || job?.status === "failed") return job;
    if (Date.now() > deadline) return job;
    await sleep(1000);
  }
}

/** An edit waits for its job when accepted: a long time-out. */
function editOf(inst: Instance, user: User, imageUrl: string, recordId: string) {
  return request(inst.url, "/api/fal/edit-gemini", {
    method: "POST",
    headers: { "content-type": "application/json", ...A.sameOrigin(inst), ...A.asCookie(user) },
    body: JSON.stringify(A.editBody(imageUrl, recordId, user.id)),
    timeoutMs: 600_000,
  });
}

function choose(inst: Instance, user: User | null, recordId: string, index: number) {
  return A.postJson(inst, `/api/fal/images/${recordId}/choose`, { index }, user);
}

export async function takes(m: Money): Promise<void> {
  const { inst, cases, uploadOf } = m;
  /** A 4xx refusal that moved neither balance, charges nor paid jobs. */
  const refusedBeforeDebit = (
    name: string,
    user: User,
    send: () => Promise<Answer | NoAnswer>,
    message?: string,
  ) =>
    cases.run(name, async () => {
      const before = {
        b: total(await balances(inst, user.id)),
        c: await chargesCents(inst, user.id),
        jobs: (await jobsOf(inst, user.id)).length,
      };
      const answer = await send();
      const after = {
        b: total(await balances(inst, user.id)),
        c: await chargesCents(inst, user.id),
        jobs: (await jobsOf(inst, user.id)).length,
      };
      const wrong: string[] = [];
      if (answer.status < 400 || answer.status > 499)
        wrong.push(`expected 4xx, got ${got(answer, 120)}`);
      if (message && errorOf(answer) !== message) wrong.push(`message "${errorOf(answer)}"`);
      if (JSON.stringify(before) !== JSON.stringify(after))
        wrong.push(`moved: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
      return wrong.length === 0 ? true : wrong.join("; ");
    });

  // No subject: the cut-out ran first and found none; the generation is refused before a debit.
  const empty = await A.subscriber(inst, "takes-empty", "starter");
  const flat = await uploadOf(empty, await I.uniform(800, 600, "#8a8a8a"));
  const cutout = await cutoutEnded(inst, empty);
  cases.check(
    "the upload of a flat photo gets its free cut-out job, which ends",
    cutout?.status === "completed" || cutout?.status === "failed",
    `${cutout?.status} ${cutout?.error ?? ""}`,
  );
  await refusedBeforeDebit(
    "a generation of an upload whose cut-out found no subject is refused before any debit, with the no-subject message",
    empty,
    () => A.processImage(inst, empty, flat),
    MSG.noSubjectFound,
  );

  // Two takes; the first is the chosen one.
  const owner = await A.subscriber(inst, "takes-owner", "elite");
  const other = await A.subscriber(inst, "takes-other", "elite");
  const uploaded = await uploadOf(owner, m.photo);
  const started = await A.processImage(inst, owner, uploaded, { variations: 2 });
  if (started.status !== 200) {
    cases.check("a generation of two takes is accepted", false, got(started, 120));
    return;
  }
  const view = (await A.waitForRecord(inst, owner, uploaded.recordId, 600_000)) as TakesView | null;
  const takesOf = view?.variations ?? [];
  if (view?.status !== "completed" || takesOf.length !== 2 || !view.processedImage) {
    cases.check(
      "a generation of two takes completes with two takes",
      false,
      `${view?.status} ${view?.error ?? ""}, ${takesOf.length} takes`,
    );
    return;
  }
  /** The record idle again (a job a refusal case let through must not answer the next one). */
  const idle = () => A.waitForRecord(inst, owner, uploaded.recordId, 600_000);
  const chosenUrl = view.processedImage.url;
  const otherIndex = takesOf.findIndex((take) => take.url !== chosenUrl);
  const notChosen = takesOf[otherIndex] as Take;
  await refusedBeforeDebit(
    "upscale naming a take that is not the record's chosen one is refused, balance unchanged",
    owner,
    () =>
      A.postJson(
        inst,
        "/api/fal/upscale",
        A.upscaleBody(notChosen.url, uploaded.recordId, owner.id),
        owner,
      ),
  );
  await refusedBeforeDebit(
    "edit naming a take that is not the record's chosen one is refused, balance unchanged",
    owner,
    async () => {
      await idle();
      return editOf(inst, owner, notChosen.url, uploaded.recordId);
    },
  );

  const refusals: [string, User | null, number][] = [
    ["choose by a visitor answers 401", null, 401],
    ["choose by another user answers 404", other, 404],
  ];
  for (const [name, who, status] of refusals) {
    await cases.run(name, async () => {
      await idle();
      const answer = await choose(inst, who, uploaded.recordId, otherIndex);
      const after = await A.record(inst, owner, uploaded.recordId);
      if (answer.status !== status) return `expected ${status}, got ${got(answer, 120)}`;
      return after?.processedImage?.url === chosenUrl ? true : "the chosen take changed";
    });
  }
  await cases.run("choose by the owner makes that take the chosen one", async () => {
    await idle();
    const answer = await choose(inst, owner, uploaded.recordId, otherIndex);
    const after = await A.record(inst, owner, uploaded.recordId);
    return answer.status === 200 && after?.processedImage?.url === notChosen.url
      ? true
      : `${got(answer, 120)}; chosen ${after?.processedImage?.url}`;
  });
  await cases.run("upscale of the newly chosen take is accepted", async () => {
    await idle();
    const answer = await A.postJson(
      inst,
      "/api/fal/upscale",
      A.upscaleBody(notChosen.url, uploaded.recordId, owner.id),
      owner,
    );
    if (answer.status === 200)
      m.tracked.push({ user: owner, recordId: uploaded.recordId, expect: "completed" });
    return answer.status === 200 ? true : got(answer, 120);
  });
}
