/** Authorisation rows: the user routes, the gallery, records, files and the generation calls. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { errorOf, request } from "../lib/http.ts";
import { photo } from "../lib/images.ts";
import {
  ALL_401,
  EVERYONE,
  path,
  post,
  postSlow,
  type Row,
  recordFor,
  sse,
  uidFor,
} from "./world.ts";

/** Expected by the routes that take a uid: 403 for another user's uid. */
const BY_UID = { ...ALL_401, free: 200, other: 403, owner: 200 } as const;
/** Expected by the routes that name a record: 404 for another user's record. */
const BY_RECORD = { ...ALL_401, free: 200, other: 404, owner: 200 } as const;
/** Expected by the paid generation calls. */
const PAID = { ...ALL_401, free: 403, other: 403, owner: 200 } as const;

/** Another user names the owner's finished record (and its result) with its own uid: 404. */
const onOwnersResult = (
  route: string,
  body: (imageUrl: string, recordId: string, userUid: string) => unknown,
): Row => ({
  name: `POST ${route} on the owner's record with one's own uid`,
  expect: { free: 404, other: 404 },
  call: (_c, u, w) => post(w, route, body(w.done.processedUrl, w.done.recordId, (u as User).id), u),
});

export function recordRows(): Row[] {
  return [
    {
      name: "GET /api/auth/get-user-by-uid",
      expect: BY_UID,
      call: (c, u, w) => A.get(w.inst, `/api/auth/get-user-by-uid?uid=${uidFor(c, w)}`, u),
    },
    {
      name: "GET /api/auth/get-user-by-uid (bearer)",
      expect: { other: 403, owner: 200 },
      call: (c, u, w) =>
        request(w.inst.url, `/api/auth/get-user-by-uid?uid=${uidFor(c, w)}`, {
          headers: A.asBearer(u as User),
        }),
    },
    {
      name: "GET /api/auth/get-user-tokens",
      expect: BY_UID,
      call: (c, u, w) => A.get(w.inst, `/api/auth/get-user-tokens?uid=${uidFor(c, w)}`, u),
    },
    {
      name: "POST /api/auth/save-user",
      expect: BY_UID,
      call: (c, u, w) => {
        const target = c === "free" ? w.free : c === "unverified" ? w.unverified : w.owner;
        return post(
          w,
          "/api/auth/save-user",
          { uid: target.id, email: target.email, name: target.name, provider: "email" },
          u,
        );
      },
    },
    {
      name: "GET /api/auth/get-user-by-email (public by spec)",
      expect: EVERYONE(200),
      call: (_c, u, w) =>
        A.get(w.inst, `/api/auth/get-user-by-email?email=${encodeURIComponent(w.owner.email)}`, u),
    },
    {
      name: "GET /api/images/:uid",
      expect: BY_UID,
      call: (c, u, w) => A.get(w.inst, `/api/images/${uidFor(c, w)}`, u),
      verify: (a, c, w) => {
        if (c !== "owner" || a.status !== 200) return true;
        const list = a.json as { _id: string }[];
        return list.some((r) => r._id === w.done.recordId)
          ? true
          : "owner's gallery lacks the record";
      },
    },
    {
      name: "GET /api/fal/images/:recordId",
      expect: BY_RECORD,
      call: (c, u, w) => A.get(w.inst, `/api/fal/images/${recordFor(c, w).recordId}`, u),
    },
    {
      name: "GET /api/fal/images/:recordId (bearer)",
      expect: { other: 404, owner: 200 },
      call: (_c, u, w) =>
        request(w.inst.url, `/api/fal/images/${w.done.recordId}`, {
          headers: A.asBearer(u as User),
        }),
    },
    {
      name: "GET /api/fal/images/:recordId/events",
      expect: BY_RECORD,
      call: (c, u, w) => sse(w, `/api/fal/images/${recordFor(c, w).recordId}/events`, u),
      verify: (a) =>
        a.status !== 200 || String(a.headers["content-type"]).includes("text/event-stream")
          ? true
          : `content-type ${a.headers["content-type"]}`,
    },
    {
      name: "GET /api/files/:original",
      expect: BY_RECORD,
      call: (c, u, w) => A.get(w.inst, path(recordFor(c, w).url), u),
    },
    {
      name: "GET /api/files/:original?size=thumb",
      expect: BY_RECORD,
      call: (c, u, w) => A.get(w.inst, `${path(recordFor(c, w).url)}?size=thumb`, u),
    },
    {
      name: "GET /api/files/:processed (owner's result)",
      expect: { ...ALL_401, free: 404, other: 404, owner: 200 },
      call: (_c, u, w) => A.get(w.inst, path(w.done.processedUrl), u),
    },
    {
      name: "POST /api/fal/upload",
      expect: BY_UID,
      call: (c, u, w) => A.postUpload(w.inst, u, photo("coffee.png"), { userUid: uidFor(c, w) }),
    },
    {
      name: "POST /api/fal/process",
      expect: PAID,
      call: (c, u, w) =>
        post(
          w,
          "/api/fal/process",
          { ...A.processBody(w.owner, recordFor(c, w, w.fresh)), userUid: uidFor(c, w) },
          u,
        ),
      verify: (a, c) =>
        c !== "free" || errorOf(a) === "Please subscribe to a plan to generate images."
          ? true
          : `message ${errorOf(a)}`,
    },
    {
      name: "POST /api/fal/process on the owner's record with one's own uid",
      expect: { free: 404, other: 404 },
      call: (_c, u, w) => post(w, "/api/fal/process", { ...A.processBody(u as User, w.fresh) }, u),
    },
    {
      name: "POST /api/fal/upscale",
      expect: PAID,
      call: (c, u, w) => {
        const [url, recordId] =
          c === "free"
            ? [w.freeRecord.url, w.freeRecord.recordId]
            : [w.done.processedUrl, w.done.recordId];
        return post(w, "/api/fal/upscale", A.upscaleBody(url, recordId, uidFor(c, w)), u);
      },
    },
    onOwnersResult("/api/fal/upscale", A.upscaleBody),
    {
      name: "POST /api/fal/edit-gemini",
      expect: PAID,
      call: (c, u, w) => {
        const { url, recordId } = recordFor(c, w, w.editable);
        return postSlow(w, "/api/fal/edit-gemini", A.editBody(url, recordId, uidFor(c, w)), u);
      },
    },
    onOwnersResult("/api/fal/edit-gemini", A.editBody),
  ];
}
