import { describe, expect, it } from "vitest";
import { withSchemas } from "./with-schemas.ts";

describe("withSchemas", () => {
  it("gives the answer and the schemas once both are in", async () => {
    await expect(
      withSchemas(Promise.resolve("answer"), Promise.resolve("schemas")),
    ).resolves.toEqual(["answer", "schemas"]);
  });

  it("reports the answer's failure before the schemas'", async () => {
    const offline = new Error("offline");
    await expect(
      withSchemas(Promise.reject(offline), Promise.reject(new TypeError("chunk"))),
    ).rejects.toBe(offline);
  });

  it("reports the schemas' failure when the answer came", async () => {
    const chunk = new TypeError("Failed to fetch dynamically imported module");
    await expect(withSchemas(Promise.resolve("answer"), Promise.reject(chunk))).rejects.toBe(chunk);
  });
});
