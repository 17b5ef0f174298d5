/**
 * Authorisation rows: scene previews, choosing a take, deleting a record, the gallery's ZIP
 * and the account export.
 */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { header, request } from "../lib/http.ts";
import { zipMember, zipNames } from "../lib/streams.ts";
import { ALL_401, EVERYONE, post, type Row, recordFor, userOf } from "./world.ts";

/** Routes on a record: the free user names its own (no takes, no results), others the owner's. */
const ON_RECORD = { ...ALL_401, free: 400, other: 404, owner: 200 } as const;

const isZip = (a: Parameters<NonNullable<Row["verify"]>>[0]) =>
  a.status !== 200 || header(a, "content-type").includes("zip")
    ? true
    : `content-type ${header(a, "content-type")}`;

export function galleryRows(): Row[] {
  return [
    {
      name: "POST /api/fal/scene-preview (anyone, before any charge)",
      expect: EVERYONE(200),
      // Visitors stand aside while a job runs in the server (an earlier row's): the refusal
      // is a 429 that says when to come back, which is taken as said, a few times at most.
      call: async (_c, u, w) => {
        const ask = () =>
          post(w, "/api/fal/scene-preview", { prompt: "on a beach", width: 800, height: 600 }, u);
        let answer = await ask();
        for (let tries = 0; tries < 20 && answer.status === 429; tries++) {
          const wait = Number(header(answer, "retry-after"));
          if (!(wait > 0)) break;
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          answer = await ask();
        }
        return answer;
      },
    },
    {
      name: "POST /api/fal/images/:recordId/choose",
      expect: ON_RECORD,
      call: async (c, u, w) => {
        // The owner's upscale row left a job on the record: choosing waits for it (409 else).
        if (c === "owner") await A.waitForRecord(w.inst, w.owner, w.done.recordId, 240_000);
        return post(w, `/api/fal/images/${recordFor(c, w).recordId}/choose`, { index: 0 }, u);
      },
    },
    {
      name: "POST /api/images/archive",
      expect: ON_RECORD,
      call: (c, u, w) => post(w, "/api/images/archive", { ids: [recordFor(c, w).recordId] }, u),
      verify: isZip,
    },
    {
      name: "DELETE /api/images/:recordId",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: (_c, u, w) =>
        request(w.inst.url, `/api/images/${w.deletable.recordId}`, {
          method: "DELETE",
          headers: { ...A.sameOrigin(w.inst), ...A.asCookie(u) },
        }),
      verify: async (_a, c, w) => {
        const still = await A.get(w.inst, `/api/fal/images/${w.deletable.recordId}`, w.owner);
        const want = c === "owner" ? 404 : 200;
        return still.status === want ? true : `the owner's record answers ${still.status} after`;
      },
    },
    {
      name: "GET /api/account/export (one's own data only)",
      expect: { ...ALL_401, free: 200, other: 200, owner: 200 },
      call: (_c, u, w) =>
        request(w.inst.url, "/api/account/export", { headers: A.asCookie(u), timeoutMs: 120_000 }),
      verify: (a, c, w) => {
        const zip = isZip(a);
        if (zip !== true || a.status !== 200) return zip;
        const json = zipMember(a.body, "account.json");
        if (!json) return `no account.json among ${zipNames(a.body).join(", ")}`;
        const me = (userOf(c, w) as User).email;
        const mine = json.includes(Buffer.from(me));
        const owners = c !== "owner" && json.includes(Buffer.from(w.owner.email));
        return mine && !owners ? true : `own e-mail ${mine}, owner's e-mail ${owners}`;
      },
    },
  ];
}
