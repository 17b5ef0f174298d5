import { expect, it } from "vitest";
import { migrate } from "../src/repositories/migrations/index.ts";
import { describeEachDatabase } from "./helpers/databases.ts";

describeEachDatabase("migrations", (database) => {
  it("migrates a database while another one on the same server is already migrated", async () => {
    const other = await database.fresh();
    expect(await migrate(other)).toEqual([
      "0001-support-and-mail",
      "0002-accounts",
      "0003-billing",
      "0004-images",
      "0005-image-progress",
      "0006-safety",
      "0007-catalogue-tools",
      "0008-product-fidelity",
      "0009-pending-deletions",
      "0010-source-names",
      "0011-first-sign-in",
    ]);
    expect(await migrate(other)).toEqual([]);
    await expect(other.db.selectFrom("mail_outbox").selectAll().execute()).resolves.toEqual([]);
  });
});
