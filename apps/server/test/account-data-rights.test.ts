import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { ACCOUNT_MESSAGES, AUTH_MESSAGES } from "@backdrop/shared";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./helpers/databases.ts";
import { accepted, useGenerationApps } from "./helpers/generation-jobs.ts";
import { getFile, pollRecord, postFal, processBody, upload } from "./helpers/generations.ts";
import {
  asCookie,
  deleteAccount,
  getJson,
  PASSWORD,
  SAME_ORIGIN,
  type SignedIn,
  signIn,
  verifiedUser,
} from "./helpers/identity.ts";
import { currentUser, subscribeInSandbox } from "./helpers/payments.ts";
import { newAccount } from "./helpers/users.ts";

type App = ReturnType<typeof useGenerationApps>["t"]["app"];

function exportOf(app: App, user: SignedIn | null) {
  return app.request("/api/account/export", { headers: user ? asCookie(user) : {} });
}

/** Every stored key under the files folder, as storage names it. */
function storedKeys(filesDir: string): string[] {
  try {
    return readdirSync(filesDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(filesDir, join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

type AccountJson = {
  profile: Record<string, unknown>;
  plan: Record<string, unknown>;
  planHistory: { charges: { amountCents: number }[]; subscriptions: unknown[] };
  tokenLedger: { kind: string; subscriptionTokens: number }[];
  supportMessages: { contact: { subject: string }[]; reports: unknown[] };
  images: { id: string; files: { file: string; kind: string }[] }[];
};

const inline = { label: "inline jobs", env: () => ({}) };

describeEachDatabase("data rights: export and account deletion", (database) => {
  const g = useGenerationApps(database, inline, { cutouts: true });
  const db = () => database.handle().db;

  /** Ada on pro, with a finished generation (and its cut-out) and a message to support. */
  async function adaWithData() {
    await subscribeInSandbox(g.t, g.ada, "pro");
    const uploaded = await upload(g.t, g.ada, "coffee.png");
    const body = { ...processBody(g.ada, uploaded), prompt: "On a marble counter, morning light" };
    await accepted(await postFal(g.t, "process", body, g.ada));
    const record = await pollRecord(g.t, g.ada, uploaded.recordId);
    expect(record.status).toBe("completed");
    const contact = await g.t.app.request("/api/email/contact", {
      method: "POST",
      headers: { ...SAME_ORIGIN, ...asCookie(g.ada), "content-type": "application/json" },
      body: JSON.stringify({
        name: "Ada",
        email: g.ada.email,
        subject: "Invoice question",
        message: "Where do I find my invoices?",
      }),
    });
    expect(contact.status).toBe(200);
    const bobs = await upload(g.t, g.bob, "rocket.jpg");
    return { record, bobs };
  }

  it("exports account.json and every image of the account, nobody else's", async () => {
    const { record, bobs } = await adaWithData();
    // The cut-out is a background job: wait until the record shows it.
    const withCutout = await pollRecord(g.t, g.ada, record._id, (r) => Boolean(r.cutoutImage));
    const res = await exportOf(g.t.app, g.ada);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="backdrop-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const json = new TextDecoder().decode(files["account.json"]);
    const account = JSON.parse(json) as AccountJson;

    expect(account.profile).toMatchObject({
      id: g.ada.id,
      email: "ada@example.com",
      name: "Ada",
      emailVerified: true,
      signInMethods: ["email"],
    });
    expect(account.plan).toMatchObject({
      planId: "pro",
      status: "active",
      subscriptionTokens: 152,
    });
    expect(account.planHistory.charges.map((c) => c.amountCents)).toEqual([1400]);
    expect(account.planHistory.subscriptions).toHaveLength(1);
    expect(account.tokenLedger.map((e) => e.kind)).toEqual(["grant", "debit"]);
    expect(account.tokenLedger[0]?.subscriptionTokens).toBe(160);
    expect(account.supportMessages.contact.map((m) => m.subject)).toEqual(["Invoice question"]);
    // No secrets: no password hash, no session token.
    expect(json).not.toMatch(/"password"|\$2[aby]\$|scrypt/i);
    expect(json).not.toContain(g.ada.token);
    expect(json).not.toContain(bobs.recordId);
    expect(json).not.toContain(g.bob.id);

    const names = Object.keys(files).sort();
    const day = record.createdAt.slice(0, 10);
    const base = `images/backdrop-${day}-on-a-marble-counter-morning-light`;
    expect(names).toEqual(
      ["account.json", `${base}-original.png`, `${base}.png`, `${base}-transparent.png`].sort(),
    );
    expect(account.images).toHaveLength(1);
    expect(account.images[0]?.files.map((f) => f.kind).sort()).toEqual([
      "cutout",
      "original",
      "processed",
    ]);
    const served = await getFile(g.t, withCutout.processedImage?.url ?? "", g.ada);
    expect(Buffer.from(files[`${base}.png`] ?? [])).toEqual(
      Buffer.from(await served.arrayBuffer()),
    );

    // Bob's export holds his upload and nothing of Ada's.
    const bobsZip = unzipSync(new Uint8Array(await (await exportOf(g.t.app, g.bob)).arrayBuffer()));
    expect(Object.keys(bobsZip).filter((name) => name.endsWith("-original.jpg"))).toHaveLength(1);
    expect(new TextDecoder().decode(bobsZip["account.json"])).not.toContain(g.ada.id);

    const anonymous = await exportOf(g.t.app, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: AUTH_MESSAGES.unauthorized });
  });

  it("refuses to delete an e-mail account without its password, or with a wrong one", async () => {
    const missing = await deleteAccount(g.t.app, g.ada, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: ACCOUNT_MESSAGES.passwordRequired });
    const wrong = await deleteAccount(g.t.app, g.ada, { password: "Wr0ng!pass" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: ACCOUNT_MESSAGES.wrongPassword });
    expect((await currentUser(g.t, g.ada)).uid).toBe(g.ada.id);
    expect((await signIn(g.t.app, g.ada.email)).status).toBe(200);
  });

  it("asks a Google account for a sign-in within the last 5 minutes", async () => {
    // Ada's sign-in method becomes Google's: she has no password any more.
    await db()
      .updateTable("account")
      .set({ providerId: "google" })
      .where("userId", "=", g.ada.id)
      .execute();
    const withPassword = await deleteAccount(g.t.app, g.ada, { password: PASSWORD });
    expect(withPassword.status).toBe(403);
    expect(await withPassword.json()).toEqual({ error: ACCOUNT_MESSAGES.wrongPassword });

    const sixMinutesAgo = new Date(Date.now() - 6 * 60 * 1000);
    const stamp = database.label.startsWith("SQLite") ? sixMinutesAgo.toISOString() : sixMinutesAgo;
    await sql`update "session" set "createdAt" = ${stamp} where "userId" = ${g.ada.id}`.execute(
      db(),
    );
    const stale = await deleteAccount(g.t.app, g.ada, {});
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({ error: ACCOUNT_MESSAGES.recentSignInRequired });

    const now = database.label.startsWith("SQLite") ? new Date().toISOString() : new Date();
    await sql`update "session" set "createdAt" = ${now} where "userId" = ${g.ada.id}`.execute(db());
    const fresh = await deleteAccount(g.t.app, g.ada, {});
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ ok: true });
  });

  it("refuses while a job is in line or running, and deletes once it has finished", async () => {
    await subscribeInSandbox(g.t, g.ada, "starter");
    const uploaded = await upload(g.t, g.ada, "coffee.png");
    const release = g.engine.holdNext("generate");
    await accepted(await postFal(g.t, "process", processBody(g.ada, uploaded), g.ada));
    const refused = await deleteAccount(g.t.app, g.ada, { password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: ACCOUNT_MESSAGES.deleteWhileProcessing });
    // Nothing was canceled on the way.
    expect((await currentUser(g.t, g.ada)).subscriptionStatus).toBe("active");
    release();
    expect((await pollRecord(g.t, g.ada, uploaded.recordId)).status).toBe("completed");
    expect((await deleteAccount(g.t.app, g.ada, { password: PASSWORD })).status).toBe(200);
  });

  it("lists the files storage could not remove, and the sweep removes them later", async () => {
    const uploaded = await upload(g.t, g.ada, "coffee.png");
    await pollRecord(g.t, g.ada, uploaded.recordId, (r) => Boolean(r.cutoutImage));
    const filesDir = g.env.FILES_DIR ?? "";
    const adasKeys = () => storedKeys(filesDir).filter((key) => key.includes(g.ada.id));
    const before = adasKeys();
    expect(before.length).toBeGreaterThan(1);

    // Storage refuses every removal while the account is deleted (a disk error, S3 down).
    const { storage } = g.t.container;
    const removeBytes = storage.delete;
    storage.delete = () => Promise.reject(new Error("storage unavailable"));
    try {
      expect((await deleteAccount(g.t.app, g.ada, { password: PASSWORD })).status).toBe(200);
    } finally {
      storage.delete = removeBytes;
    }
    expect(adasKeys()).toEqual(before);
    const listed = await db()
      .selectFrom("pending_deletions")
      .select(["key", "user_id", "reason"])
      .execute();
    // Listed under nobody's name, each key the files left (thumbnails and kept scenes too).
    for (const key of before) expect(listed.map((row) => row.key)).toContain(key);
    expect(listed.every((row) => row.user_id === null && row.reason === "account")).toBe(true);

    // Once due, the sweep removes every one and strikes it off (this one, or the jobs' own
    // sweep on its interval, which may take some of them first).
    await db().updateTable("pending_deletions").set({ next_attempt_at: 0 }).execute();
    const stillListed = async () =>
      (await db().selectFrom("pending_deletions").select("key").execute()).length;
    for (let pass = 0; pass < 100 && (await stillListed()) > 0; pass++) {
      await g.t.container.jobs.storedKeys.sweep();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await stillListed()).toBe(0);
    expect(adasKeys()).toEqual([]);
  });

  it("cancels the subscription, deletes every row and file, keeps accounting anonymous", async () => {
    const { bobs } = await adaWithData();
    await pollRecord(g.t, g.ada, (await adaRecordId()) ?? "", (r) => Boolean(r.cutoutImage));
    await pollRecord(g.t, g.bob, bobs.recordId, (r) => Boolean(r.cutoutImage));
    const filesDir = g.env.FILES_DIR ?? "";
    const adasKeys = () => storedKeys(filesDir).filter((key) => key.includes(g.ada.id));
    expect(adasKeys().length).toBeGreaterThan(3);
    const bobsKeysBefore = storedKeys(filesDir).filter((key) => key.includes(g.bob.id));
    const ledgerBefore = await ledgerRows(g.ada.id);

    const res = await deleteAccount(g.t.app, g.ada, { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.getSetCookie().join("\n")).toMatch(/backdrop\.session_token=;.*Max-Age=0/);

    // The session is dead, the sign-in gone.
    const after = await getJson(g.t.app, `/api/auth/get-user-by-uid?uid=${g.ada.id}`, {
      cookie: g.ada.cookie,
    });
    expect(after.status).toBe(401);
    expect((await signIn(g.t.app, g.ada.email)).status).toBe(401);

    // Every row that named Ada is gone.
    for (const [table, column] of [
      ["user", "id"],
      ["session", "userId"],
      ["account", "userId"],
      ["user_profiles", "user_id"],
      ["image_records", "user_id"],
      ["stored_files", "user_id"],
      ["image_jobs", "user_id"],
      ["contact_messages", "user_id"],
      ["token_ledger", "user_id"],
      ["sandbox_charges", "user_id"],
      ["sandbox_subscriptions", "user_id"],
    ] as const) {
      const rows = await sql`select count(*) as n from ${sql.table(table)}
        where ${sql.ref(column)} = ${g.ada.id}`.execute(db());
      expect(Number((rows.rows[0] as { n: unknown }).n), table).toBe(0);
    }
    const mails = await db()
      .selectFrom("mail_outbox")
      .select("id")
      .where("to_address", "=", g.ada.email)
      .execute();
    expect(mails).toEqual([]);

    // Accounting keeps its rows under one tombstone that names nobody, sums unchanged.
    const tombstones = await db()
      .selectFrom("user")
      .select(["id", "name", "email"])
      .where("id", "like", "deleted-%")
      .execute();
    expect(tombstones).toHaveLength(1);
    const tombstone = tombstones[0]?.id ?? "";
    expect(tombstones[0]?.email).toBe(`${tombstone}@deleted.invalid`);
    // Every entry kept as it was, plus the expiry of the subscription's tokens when it ended
    // at once: the sums still add up to the balances the account held, now nothing.
    const kept = await ledgerRows(tombstone);
    expect(kept.slice(0, ledgerBefore.length)).toEqual(ledgerBefore);
    expect(kept.slice(ledgerBefore.length).map((row) => row.idempotency_key)).toEqual([
      expect.stringMatching(/^expire:sub_sandbox_/),
    ]);
    expect(ledgerBefore.map((row) => row.kind)).toEqual(["grant", "debit"]);
    expect(sumOf(kept)).toEqual({ tokens: 0, subscriptionTokens: 0 });
    const charges = await db()
      .selectFrom("sandbox_charges")
      .select("amount_cents")
      .where("user_id", "=", tombstone)
      .execute();
    expect(charges.map((c) => Number(c.amount_cents))).toEqual([1400]);
    // The subscription ended at the provider at once, not at the period's end.
    const subscriptions = await db()
      .selectFrom("sandbox_subscriptions")
      .select("status")
      .where("user_id", "=", tombstone)
      .execute();
    expect(subscriptions).toEqual([{ status: "canceled" }]);

    // Every stored byte of Ada's is gone; Bob's are all there.
    expect(adasKeys()).toEqual([]);
    expect(storedKeys(filesDir).filter((key) => key.includes(g.bob.id))).toEqual(bobsKeysBefore);
    expect((await getJson(g.t.app, `/api/images/${g.bob.id}`, asCookie(g.bob))).status).toBe(200);

    // The same e-mail signs up again as a new account: free plan, no tokens, no images.
    const again = await verifiedUser(g.t, "ada@example.com", "Ada");
    expect(again.id).not.toBe(g.ada.id);
    expect(await currentUser(g.t, again)).toEqual(
      newAccount({ uid: again.id, email: "ada@example.com", name: "Ada", provider: "email" }),
    );
    const images = await getJson(g.t.app, `/api/images/${again.id}`, asCookie(again));
    expect(images.body).toEqual([]);
  });

  async function adaRecordId() {
    const row = await db()
      .selectFrom("image_records")
      .select("id")
      .where("user_id", "=", g.ada.id)
      .executeTakeFirst();
    return row?.id;
  }

  async function ledgerRows(userId: string) {
    const rows = await db()
      .selectFrom("token_ledger")
      .select(["id", "kind", "delta_tokens", "delta_subscription_tokens", "idempotency_key"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    return rows.map((row) => ({
      ...row,
      delta_tokens: Number(row.delta_tokens),
      delta_subscription_tokens: Number(row.delta_subscription_tokens),
    }));
  }

  function sumOf(rows: Awaited<ReturnType<typeof ledgerRows>>) {
    return {
      tokens: rows.reduce((sum, row) => sum + row.delta_tokens, 0),
      subscriptionTokens: rows.reduce((sum, row) => sum + row.delta_subscription_tokens, 0),
    };
  }
});
