/** Tampered subscription, pack and plan-change requests: refused, nothing charged. */
import type { Plan, User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { packCheckout, sessionIdOf } from "../lib/payments.ts";
import { changePlan, type Money, MSG } from "./common.ts";

/** The users the tampering cases act as. */
export type Tamperers = { starter: User; elite: User; free: User; stranger: User };

const PACKS = [
  [100, 9],
  [250, 20],
  [500, 35],
  [1000, 65],
] as const;

const BAD_PACKS: [string, Record<string, unknown>, string][] = [
  ["100 tokens for $1", { tokenCount: 100, amount: 1 }, MSG.amountMismatch],
  ["100 tokens for $8.99", { tokenCount: 100, amount: 8.99 }, MSG.amountMismatch],
  ["100 tokens for $9.01", { tokenCount: 100, amount: 9.01 }, MSG.amountMismatch],
  ["100 tokens for $0", { tokenCount: 100, amount: 0 }, MSG.amountMismatch],
  ["100 tokens for -$9", { tokenCount: 100, amount: -9 }, MSG.amountMismatch],
  ["1000 tokens for $9", { tokenCount: 1000, amount: 9 }, MSG.amountMismatch],
  ["150 tokens (no such pack)", { tokenCount: 150, amount: 9 }, MSG.unknownTokenPack],
  ["0 tokens", { tokenCount: 0, amount: 0 }, MSG.unknownTokenPack],
  ["-100 tokens", { tokenCount: -100, amount: -9 }, MSG.unknownTokenPack],
  ["100.5 tokens", { tokenCount: 100.5, amount: 9 }, MSG.unknownTokenPack],
  ["1e9 tokens", { tokenCount: 1e9, amount: 9 }, MSG.unknownTokenPack],
  ['tokenCount "100" (string)', { tokenCount: "100", amount: 9 }, MSG.unknownTokenPack],
  ['amount "9" (string)', { tokenCount: 100, amount: "9" }, MSG.amountMismatch],
  ["amount missing", { tokenCount: 100 }, MSG.amountMismatch],
];

export async function paymentTampering(m: Money, t: Tamperers): Promise<void> {
  const { inst, cases, refusedWithoutCharge } = m;
  const { starter, elite, free, stranger } = t;
  const subscribeAs = (user: User, body: Record<string, unknown>) =>
    A.postJson(inst, "/api/payment/create-subscription", { uid: user.id, ...body }, user);
  const amountOf = async (user: User, made: Awaited<ReturnType<typeof subscribeAs>>) =>
    (await A.get(inst, `/api/payment/session/${sessionIdOf(made)}`, user)).json as
      | { amountCents?: number; tokenCount?: number }
      | undefined;

  await refusedWithoutCharge(
    "create-subscription with another user's uid",
    free,
    () => subscribeAs(free, { uid: stranger.id, planId: "starter" }),
    403,
  );
  for (const planId of ["free", "enterprise", "", "ELITE", ["elite"], null]) {
    await refusedWithoutCharge(
      `create-subscription planId=${JSON.stringify(planId)}`,
      free,
      () => subscribeAs(free, { planId }),
      400,
      MSG.unknownPlan,
    );
  }
  await cases.run(
    "create-subscription ignores a price in the body (elite still 2400 ¢)",
    async () => {
      const made = await subscribeAs(free, {
        planId: "elite",
        price: 1,
        priceCents: 1,
        amount: 0.01,
        amountCents: 1,
      });
      const cents = (await amountOf(free, made))?.amountCents;
      return cents === 2400 ? true : `session amount ${cents}`;
    },
  );

  for (const [tokenCount, amount] of PACKS) {
    await cases.run(
      `pack ${tokenCount} at $${amount}: checkout at the catalogue price`,
      async () => {
        const made = await packCheckout(inst, elite, {
          tokenCount,
          amount,
          tokens: 99_999,
          priceCents: 1,
        });
        const body = await amountOf(elite, made);
        return body?.amountCents === amount * 100 && body.tokenCount === tokenCount
          ? true
          : `${made.status} ${JSON.stringify(body)}`;
      },
    );
  }
  // Checkouts are limited to 10 per 10 minutes per user, refused ones included: 7 per user here.
  const tamperers = [
    await A.subscriber(inst, "tamper-elite-2", "elite"),
    await A.subscriber(inst, "tamper-elite-3", "elite"),
  ];
  for (const [i, [name, body, message]] of BAD_PACKS.entries()) {
    const user = tamperers[i % 2] as User;
    await refusedWithoutCharge(
      `pack checkout: ${name}`,
      user,
      () => packCheckout(inst, user, body),
      400,
      message,
    );
  }
  const onePack = { tokenCount: 100, amount: 9 };
  const packRefusals: [string, User, User | null, number, string][] = [
    ["pack checkout as starter", starter, starter, 403, MSG.planDisallows],
    ["pack checkout as a free user", free, free, 403, MSG.subscribeToPurchase],
    ["pack checkout as a visitor", free, null, 401, MSG.loginToPurchase],
  ];
  for (const [name, user, caller, status, message] of packRefusals) {
    await refusedWithoutCharge(
      name,
      user,
      () => packCheckout(inst, caller, onePack),
      status,
      message,
    );
  }
  await refusedWithoutCharge(
    "pack checkout with another user's uid",
    starter,
    () => packCheckout(inst, starter, { uid: elite.id, ...onePack }),
    403,
  );

  const planChanges: [string, () => ReturnType<typeof changePlan>, number, string?][] = [
    [
      "update-subscription to an unknown plan",
      () => changePlan(inst, starter, "platinum" as Plan),
      400,
      MSG.unknownPlan,
    ],
    [
      "update-subscription to the same plan",
      () => changePlan(inst, starter, "starter"),
      409,
      MSG.samePlan,
    ],
    [
      'update-subscription with quotedAt "yesterday"',
      () => changePlan(inst, starter, "pro", "yesterday"),
      400,
    ],
    ["update-subscription with quotedAt 1.5", () => changePlan(inst, starter, "pro", 1.5), 400],
    [
      "update-subscription with another user's uid",
      () =>
        A.postJson(
          inst,
          "/api/payment/update-subscription",
          { uid: elite.id, newPlanId: "starter" },
          starter,
        ),
      403,
    ],
    [
      "plan-change-quote for an unknown plan",
      () => A.get(inst, "/api/payment/plan-change-quote?newPlanId=gold", starter),
      400,
      MSG.unknownPlan,
    ],
  ];
  for (const [name, send, status, message] of planChanges) {
    await refusedWithoutCharge(name, starter, send, status, message);
  }
}
