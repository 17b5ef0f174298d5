/** Tampered generation and edit requests: refused before any job starts or token moves. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, total } from "../lib/db.ts";
import { type Money, MSG } from "./common.ts";
import type { Tamperers } from "./tamper-payments.ts";

export async function generationTampering(m: Money, t: Tamperers): Promise<void> {
  const { inst, cases, refusedWithoutCharge, uploadOf, photo } = m;
  const { starter, free, stranger } = t;
  const mine = await uploadOf(starter, photo);
  const mineToo = await uploadOf(starter, photo);
  const theirs = await uploadOf(stranger, photo);
  const processAs = (user: User, extra: Record<string, unknown>, target = mine) =>
    A.postJson(inst, "/api/fal/process", A.processBody(user, target, extra), user);
  const starterRefusals: [string, Record<string, unknown>, A.Uploaded, number, string?][] = [
    [
      "process with num_inference_steps 1000",
      { options: { num_inference_steps: 1000 } },
      mine,
      400,
    ],
    ["process with a 1001-character prompt", { prompt: "x".repeat(1001) }, mine, 400],
    [
      "process with another record's image",
      { imageUrl: mineToo.url },
      mine,
      400,
      MSG.imageNotInRecord,
    ],
    [
      "process with another user's image",
      { imageUrl: theirs.url },
      mine,
      400,
      MSG.imageNotInRecord,
    ],
    [
      "process with an outside URL",
      { imageUrl: "https://evil.example/x.png" },
      mine,
      400,
      MSG.imageNotInRecord,
    ],
    [
      "process with file:///etc/passwd",
      { imageUrl: "file:///etc/passwd" },
      mine,
      400,
      MSG.imageNotInRecord,
    ],
    ["process of another user's record", {}, theirs, 404],
    ["process with another user's uid", { userUid: stranger.id }, mine, 403],
  ];
  for (const [name, extra, target, status, message] of starterRefusals) {
    await refusedWithoutCharge(
      name,
      starter,
      () => processAs(starter, extra, target),
      status,
      message,
    );
  }
  await refusedWithoutCharge(
    "process by a free user",
    free,
    async () => processAs(free, {}, await uploadOf(free, photo)),
    403,
    MSG.subscriptionRequired,
  );
  await refusedWithoutCharge(
    "edit by a starter user",
    starter,
    () =>
      A.postJson(
        inst,
        "/api/fal/edit-gemini",
        A.editBody(mine.url, mine.recordId, starter.id),
        starter,
      ),
    403,
    MSG.editsNeedUpgrade,
  );
  await refusedWithoutCharge(
    "edit the offline engine cannot do (refused before charging)",
    stranger,
    async () => {
      const own = await uploadOf(stranger, photo);
      return A.postJson(
        inst,
        "/api/fal/edit-gemini",
        A.editBody(own.url, own.recordId, stranger.id, "qwerty asdf"),
        stranger,
      );
    },
    422,
    MSG.editNotUnderstood,
  );
  await cases.run("process ignores a cost in the body (8 tokens debited)", async () => {
    const before = total(await balances(inst, starter.id));
    const answer = await processAs(starter, { cost: 0, tokens: 0, price: 0 });
    const after = total(await balances(inst, starter.id));
    if (answer.status !== 200) return `got ${answer.status}`;
    m.tracked.push({ user: starter, recordId: mine.recordId, expect: "completed" });
    return before - after === 8 ? true : `debited ${before - after}`;
  });
}
