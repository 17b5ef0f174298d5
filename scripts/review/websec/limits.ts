/** Rate limits behind a proxy: a client-chosen left part of X-Forwarded-For escapes none. */
import * as A from "../lib/actors.ts";
import { type Answer, header, type NoAnswer, request, statusesOf } from "../lib/http.ts";
import type { Instance } from "../lib/instance.ts";
import type { Cases } from "../lib/report.ts";

/** Wrong sign-ins and contact messages with a client-chosen left part of X-Forwarded-For. */
export async function spoofedLimits(inst: Instance, cases: Cases, trustProxy: number) {
  const victim = await A.createUser(inst, "limits");
  const random = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const spoof = (fixed: string) => ({ "x-forwarded-for": `${random()}, ${fixed}` });
  /** `count` requests: the first `allowed` answer `ok`, the rest 429. */
  const limited = async (
    name: string,
    count: number,
    allowed: number,
    ok: number,
    send: () => Promise<Answer | NoAnswer>,
    detail: (statuses: number[]) => string = (statuses) => statuses.join(","),
  ) => {
    const statuses = await statusesOf(count, send);
    cases.check(
      `TRUST_PROXY=${trustProxy}: ${name}`,
      statuses.slice(0, allowed).every((s) => s === ok) &&
        statuses.slice(allowed).every((s) => s === 429),
      detail(statuses),
    );
  };
  const support = (path: string, body: unknown, fixed: string, localAddress: string) => () =>
    A.postJson(inst, path, body, null, spoof(fixed), localAddress);
  // TRUST_PROXY=0 keys by the socket: each group comes from a loopback address of its own.
  await limited(
    "spoofed X-Forwarded-For cannot escape the sign-in limit (10/60)",
    15,
    10,
    401,
    () => A.signIn(inst, victim.email, "Wr0ng!pass", spoof("203.0.113.7"), "127.0.0.21"),
    (statuses) => `statuses ${statuses.join(",")} (first 429 at ${statuses.indexOf(429) + 1})`,
  );
  await limited(
    "spoofed X-Forwarded-For cannot escape the contact limit (5/600)",
    8,
    5,
    200,
    support(
      "/api/email/contact",
      { name: "n", email: "e@review.example", subject: "s", message: "m" },
      "203.0.113.8",
      "127.0.0.22",
    ),
  );
  await limited(
    "the report limit (5/600) holds too",
    7,
    5,
    200,
    support(
      "/api/email/report",
      { issueType: "Other", description: "d" },
      "203.0.113.9",
      "127.0.0.23",
    ),
  );
  await limited("the e-mail look-up limit (10/60) holds too", 12, 10, 200, () =>
    request(inst.url, `/api/auth/get-user-by-email?email=${encodeURIComponent(victim.email)}`, {
      headers: spoof("203.0.113.10"),
      localAddress: "127.0.0.24",
    }),
  );
  await limited("the sign-up limit (10/60) holds too", 12, 10, 200, () =>
    A.signUp(
      inst,
      { name: "s", email: A.uniqueEmail("spam"), password: A.PASSWORD },
      spoof("203.0.113.11"),
      "127.0.0.25",
    ),
  );
  await limited(
    "the reset-mail limit (10/60) holds too",
    12,
    10,
    200,
    support(
      "/api/identity/request-password-reset",
      { email: victim.email, redirectTo: "/reset-password" },
      "203.0.113.12",
      "127.0.0.26",
    ),
  );
  const limitedRetry = await A.signIn(
    inst,
    victim.email,
    "Wr0ng!pass",
    spoof("203.0.113.7"),
    "127.0.0.21",
  );
  cases.check(
    `TRUST_PROXY=${trustProxy}: a limited sign-in carries Retry-After`,
    limitedRetry.status === 429 &&
      header(limitedRetry, "x-retry-after") + header(limitedRetry, "retry-after") !== "",
    `${limitedRetry.status} ${header(limitedRetry, "retry-after")}${header(limitedRetry, "x-retry-after")}`,
  );
}
