/** Path traversal on /api/files and the static files; live streams of other users' records. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { bodyOf, request } from "../lib/http.ts";
import { photo } from "../lib/images.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";

const SECRETS = /root:x:|SQLite format|"name": ?"backdrop"|BEGIN|auth-secret/;

const STATICS = [
  "/assets/..%2f..%2f..%2fpackage.json",
  "/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2f..%2fetc%2fpasswd",
  "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
  "/favicon.svg/..%2f..%2f..%2fpackage.json",
  "/assets/..\\..\\..\\package.json",
];

export async function traversal(inst: Instance, cases: Cases) {
  const owner = await A.createUser(inst, "files");
  const other = await A.createUser(inst, "files-other");
  const uploaded = await A.upload(inst, owner, photo("coffee.png"));
  const fileName = new URL(uploaded.url).pathname.split("/").pop() ?? "";
  const [fileId] = fileName.split(".");
  const storageKey = encodeURIComponent(`users/${owner.id}/${uploaded.recordId}/${fileName}`);
  const files: [string, string, User | null][] = [
    ["..%2f..%2fbackdrop.db", "/api/files/..%2f..%2fbackdrop.db", owner],
    ["%2e%2e%2f%2e%2e%2fauth-secret", "/api/files/%2e%2e%2f%2e%2e%2fauth-secret", owner],
    ["a NUL before another extension", `/api/files/${fileId}.png%00.jpg`, owner],
    ["the right id with the wrong extension", `/api/files/${fileId}.jpg`, owner],
    ["the upper-case extension", `/api/files/${fileId}.PNG`, owner],
    ["the storage key", `/api/files/${storageKey}`, owner],
    ["another user's file", `/api/files/${fileName}`, other],
    ["an absolute path", "/api/files/%2Fetc%2Fpasswd", owner],
  ];
  for (const [name, path, who] of files) {
    const a = await request(inst.url, path, { headers: A.asCookie(who) });
    cases.check(
      `traversal: /api/files ${name} answers 404 and leaks nothing`,
      a.status === 404 && !SECRETS.test(bodyOf(a)),
      `${a.status} ${bodyOf(a).slice(0, 60)}`,
    );
  }
  // Unencoded dots are resolved by the server's URL parser: /etc/passwd is then a page route.
  const dots = await request(inst.url, "/api/files/../../../etc/passwd", {
    headers: A.asCookie(owner),
  });
  cases.check(
    "traversal: /api/files/../../../etc/passwd (raw dots) is resolved to a page route or 404, leaking nothing",
    (dots.status === 404 || (dots.status === 200 && bodyOf(dots).startsWith("<!doctype html>"))) &&
      !SECRETS.test(bodyOf(dots)),
    `${dots.status} ${bodyOf(dots).slice(0, 60)}`,
  );
  const size = await request(inst.url, `/api/files/${fileName}?size=../../x`, {
    headers: A.asCookie(owner),
  });
  cases.status("traversal: ?size=../../x answers 400", size, 400);
  for (const path of STATICS) {
    const a = await request(inst.url, path);
    cases.check(
      `traversal: static ${path} leaks nothing`,
      a.status !== 0 && !SECRETS.test(bodyOf(a)),
      `${a.status} ${bodyOf(a).slice(0, 60)}`,
    );
  }
  const events = (recordId: string, who: User | null, readUntil?: string) =>
    request(inst.url, `/api/fal/images/${recordId}/events`, {
      headers: A.asCookie(who),
      ...(readUntil ? { readUntil } : {}),
      timeoutMs: 10_000,
    });
  cases.status(
    "SSE: one's own record streams (200)",
    await events(uploaded.recordId, owner, "event: record"),
    200,
  );
  cases.status(
    "SSE: someone else's record answers 404",
    await events(uploaded.recordId, other),
    404,
  );
  cases.status("SSE: a visitor answers 401", await events(uploaded.recordId, null), 401);
  cases.status(
    "SSE: an unknown record answers 404",
    await events("00000000-0000-0000-0000-000000000000", owner),
    404,
  );
}
