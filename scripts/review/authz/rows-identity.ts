/** Authorisation rows: the identity routes (better-auth), mail, the dev mailbox and health. */
import * as A from "../lib/actors.ts";
import { EVERYONE, post, type Row, userOf } from "./world.ts";

/** Signed-in callers only; each acts on its own account. */
const SIGNED_IN = { ...EVERYONE(200), visitor: 401 } as const;

export function identityRows(): Row[] {
  return [
    {
      name: "GET /api/dev/mailbox (loopback, any caller)",
      expect: EVERYONE(200),
      call: (_c, u, w) => A.get(w.inst, "/api/dev/mailbox", u),
    },
    {
      name: "GET /api/identity/get-session",
      expect: EVERYONE(200),
      call: (_c, u, w) => A.get(w.inst, "/api/identity/get-session", u),
      verify: (a, c, w) => {
        const id = A.sessionUserId(a) ?? null;
        const want = userOf(c, w)?.id ?? null;
        return id === want ? true : `session user ${id}, expected ${want}`;
      },
    },
    {
      name: "GET /api/identity/list-sessions",
      expect: SIGNED_IN,
      call: (_c, u, w) => A.get(w.inst, "/api/identity/list-sessions", u),
      verify: (a, c, w) => {
        if (a.status !== 200) return true;
        const list = a.json as { userId: string }[];
        const me = userOf(c, w)?.id;
        return list.every((s) => s.userId === me) ? true : "lists someone else's session";
      },
    },
    {
      name: "POST /api/identity/revoke-session (owner's session token)",
      expect: { visitor: 401, unverified: 404, free: 404, other: 404, owner: 200 },
      call: (c, u, w) =>
        post(
          w,
          "/api/identity/revoke-session",
          { token: c === "owner" ? w.ownerPhoneToken : A.rawToken(w.owner) },
          u,
        ),
      verify: async (_a, _c, w) => {
        const still = await A.get(w.inst, "/api/identity/get-session", w.owner);
        return A.sessionUserId(still) === w.owner.id
          ? true
          : "the owner's main session was revoked";
      },
    },
    {
      name: "POST /api/identity/update-user (cannot name another user)",
      expect: SIGNED_IN,
      call: (c, u, w) =>
        post(
          w,
          "/api/identity/update-user",
          { name: `${c} renamed`, userId: w.owner.id, id: w.owner.id },
          u,
        ),
      verify: async (_a, c, w) => {
        const me = await A.get(w.inst, "/api/identity/get-session", w.owner);
        const name = (me.json as { user?: { name: string } } | null)?.user?.name;
        return c === "owner" || name !== `${c} renamed` ? true : `owner renamed by ${c}`;
      },
    },
    {
      name: "POST /api/identity/change-password (wrong current password)",
      expect: { visitor: 401, owner: 400 },
      call: (_c, u, w) =>
        post(
          w,
          "/api/identity/change-password",
          { currentPassword: "Wr0ng!pass", newPassword: "N3w!passw0rd" },
          u,
        ),
    },
    {
      name: "POST /api/identity/delete-user (not offered)",
      expect: { visitor: [401, 404], owner: 404 },
      call: (_c, u, w) => post(w, "/api/identity/delete-user", {}, u),
    },
    {
      name: "POST /api/email/contact (public)",
      expect: EVERYONE(200),
      call: (c, u, w) =>
        post(
          w,
          "/api/email/contact",
          { name: c, email: "someone@review.example", subject: "Hello", message: "A question" },
          u,
        ),
    },
    {
      name: "POST /api/email/report (public)",
      expect: EVERYONE(200),
      call: (_c, u, w) =>
        post(w, "/api/email/report", { issueType: "Bug Report", description: "Broken" }, u),
    },
    {
      name: "GET /api/health and /api/config (public)",
      expect: { visitor: 200, owner: 200 },
      call: async (_c, u, w) => {
        const health = await A.get(w.inst, "/api/health", u);
        return health.status === 200 ? A.get(w.inst, "/api/config", u) : health;
      },
    },
  ];
}
