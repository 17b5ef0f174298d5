/**
 * Category 1: every route × {visitor, unverified user, verified free user, another user acting on
 * the owner's uid or ids, the owner}: the status the spec and docs/decisions.md give.
 */
import * as A from "../lib/actors.ts";
import { cookiesOf, unexpected } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";
import { galleryRows } from "./rows-gallery.ts";
import { identityRows } from "./rows-identity.ts";
import { paymentRows } from "./rows-payments.ts";
import { recordRows } from "./rows-records.ts";
import { buildWorld, CALLERS, type Row, userOf } from "./world.ts";

const rows = (): Row[] => [...recordRows(), ...galleryRows(), ...paymentRows(), ...identityRows()];

export async function authorisation(inst: Instance, cases: Cases): Promise<void> {
  const w = await buildWorld(inst);
  // The owner goes last on each route: its call may change what the others would see.
  for (const row of rows()) {
    for (const caller of CALLERS) {
      const expected = row.expect[caller];
      if (expected === undefined) continue;
      const name = `${row.name} as ${caller}`;
      await cases.run(name, async () => {
        const answer = await row.call(caller, userOf(caller, w), w);
        const wrong = unexpected(answer, expected, 140);
        if (wrong) return wrong;
        return row.verify ? await row.verify(answer, caller, w) : true;
      });
    }
  }
  // The unverified account itself: better-auth gives it no session at all.
  await cases.run("sign-in of an unverified account answers 403", async () => {
    const email = A.uniqueEmail("never-verified");
    await A.signUp(inst, { name: "Never", email, password: A.PASSWORD });
    const answer = await A.signIn(inst, email);
    return answer.status === 403 && cookiesOf(answer) === ""
      ? true
      : `got ${answer.status} ${answer.status ? answer.text.slice(0, 100) : ""}`;
  });
  // The owner's edit and upscale jobs end before the instance stops.
  await A.waitForRecord(inst, w.owner, w.done.recordId, 180_000);
  await A.waitForRecord(inst, w.owner, w.fresh.recordId, 180_000);
}
