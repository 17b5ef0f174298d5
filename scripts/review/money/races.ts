/** Races never overspend; replayed and concurrent checkouts credit once. */
import type { User } from "../lib/actors.ts";
import * as A from "../lib/actors.ts";
import { balances, chargesCents, countOf, ledgerOf, total } from "../lib/db.ts";
import { errorOf, header, statusesOf } from "../lib/http.ts";
import * as I from "../lib/images.ts";
import { packCheckout, sessionIdOf } from "../lib/payments.ts";
import { account, type Money, MSG, planTokensGranted } from "./common.ts";

const ONE_PACK = { tokenCount: 100, amount: 9 };

export async function races(m: Money): Promise<void> {
  const { inst, cases, uploadOf } = m;
  // A 2048 × 2048 picture cheap to encode and decode (40 tokens).
  const big = await I.uniform(2048, 2048, "#7a8a9a");
  const racer = await A.subscriber(inst, "racer", "starter");
  const records: A.Uploaded[] = [];
  for (let i = 0; i < 12; i++) records.push(await uploadOf(racer, big));
  await cases.run(
    "12 parallel 40-token process calls on 100 tokens: 2 accepted, 10 × 402, balance 20",
    async () => {
      const answers = await Promise.all(records.map((r) => A.processImage(inst, racer, r)));
      const accepted = answers.filter((a) => a.status === 200).length;
      const refused = answers.filter(
        (a) => a.status === 402 && errorOf(a) === MSG.notEnoughTokens,
      ).length;
      const left = total(await balances(inst, racer.id));
      return accepted === 2 && refused === 10 && left === 20
        ? true
        : `accepted ${accepted}, 402 ${refused}, left ${left}, statuses ${answers.map((a) => a.status)}`;
    },
  );
  const samer = await A.subscriber(inst, "samer", "pro");
  const one = await uploadOf(samer, m.photo);
  await cases.run(
    "10 parallel process calls on one record: 1 accepted, 9 × 409, one debit",
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => A.processImage(inst, samer, one)),
      );
      const accepted = answers.filter((a) => a.status === 200).length;
      const busy = answers.filter(
        (a) => a.status === 409 && errorOf(a) === MSG.alreadyProcessing,
      ).length;
      const debits = (await ledgerOf(inst, samer.id)).filter((row) => row.kind === "debit").length;
      m.tracked.push({ user: samer, recordId: one.recordId, expect: "completed" });
      return accepted === 1 && busy === 9 && debits === 1
        ? true
        : `accepted ${accepted}, 409 ${busy}, debits ${debits}`;
    },
  );
}

export async function checkouts(m: Money): Promise<void> {
  const { inst, cases } = m;
  const buyer = await A.subscriber(inst, "buyer", "elite");
  const newPack = async (user: User, pack = ONE_PACK) =>
    sessionIdOf(await packCheckout(inst, user, pack));
  await cases.run(
    "one pack session paid 5 times at once: credited once, charged once",
    async () => {
      const before = await balances(inst, buyer.id);
      const chargesBefore = await chargesCents(inst, buyer.id);
      const id = await newPack(buyer);
      const answers = await Promise.all(Array.from({ length: 5 }, () => A.pay(inst, buyer, id)));
      const after = await balances(inst, buyer.id);
      const charged = (await chargesCents(inst, buyer.id)) - chargesBefore;
      const credited = after.numOfTokens - before.numOfTokens;
      return credited === 100 && charged === 900
        ? true
        : `credited ${credited}, charged ${charged}, statuses ${answers.map((a) => a.status)}`;
    },
  );
  await cases.run("a paid pack session paid again later: nothing more", async () => {
    const id = await newPack(buyer, { tokenCount: 250, amount: 20 });
    await A.pay(inst, buyer, id);
    const before = await account(inst, buyer);
    const again = await A.pay(inst, buyer, id);
    const after = await account(inst, buyer);
    return [303, 409].includes(again.status) && JSON.stringify(before) === JSON.stringify(after)
      ? true
      : `${again.status} ${JSON.stringify(before)} → ${JSON.stringify(after)}`;
  });
  await cases.run("three pack sessions paid concurrently, each twice: three credits", async () => {
    const before = await balances(inst, buyer.id);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(await newPack(buyer));
    await Promise.all([...ids, ...ids].map((id) => A.pay(inst, buyer, id)));
    const credited = (await balances(inst, buyer.id)).numOfTokens - before.numOfTokens;
    return credited === 300 ? true : `credited ${credited}`;
  });
  /** Subscriptions, charges and plan tokens of a user after the subscription cases. */
  const subscribed = async (user: User) => ({
    subscriptions: await countOf(inst, "sandbox_subscriptions", user.id),
    charged: await chargesCents(inst, user.id),
    granted: await planTokensGranted(inst, user.id),
  });
  await cases.run(
    "two subscription checkouts paid one after the other: one subscription",
    async () => {
      const user = await A.createUser(inst, "double");
      const first = sessionIdOf(await A.createSubscription(inst, user, "pro"));
      const second = sessionIdOf(await A.createSubscription(inst, user, "elite"));
      const paid = await A.pay(inst, user, first);
      const refused = await A.pay(inst, user, second);
      const { subscriptions, charged, granted } = await subscribed(user);
      return paid.status === 303 &&
        refused.status === 409 &&
        subscriptions === 1 &&
        charged === 1400 &&
        granted === 160
        ? true
        : `pay ${paid.status}/${refused.status}, subscriptions ${subscriptions}, charged ${charged}, granted ${granted}`;
    },
  );
  await cases.run(
    "five subscription checkouts paid at once: one subscription, one charge, one grant",
    async () => {
      const user = await A.createUser(inst, "burst");
      const ids = [];
      for (let i = 0; i < 5; i++)
        ids.push(sessionIdOf(await A.createSubscription(inst, user, "starter")));
      const answers = await Promise.all(ids.map((id) => A.pay(inst, user, id)));
      const { subscriptions, charged, granted } = await subscribed(user);
      const ok = answers.filter((a) => a.status === 303).length;
      return ok === 1 && subscriptions === 1 && charged === 900 && granted === 100
        ? true
        : `303 × ${ok} (${answers.map((a) => a.status)}), subscriptions ${subscriptions}, charged ${charged}, granted ${granted}`;
    },
  );
  await cases.run(
    "the 11th create-subscription in 10 minutes answers 429 with Retry-After",
    async () => {
      const user = await A.createUser(inst, "checkout-spam");
      const statuses = await statusesOf(10, () => A.createSubscription(inst, user, "starter"));
      const eleventh = await A.createSubscription(inst, user, "starter");
      return statuses.every((s) => s === 200) &&
        eleventh.status === 429 &&
        errorOf(eleventh) === MSG.tooManyCheckouts &&
        Number(header(eleventh, "retry-after")) > 0
        ? true
        : `${statuses} then ${eleventh.status} ${header(eleventh, "retry-after")}`;
    },
  );
}
