import { GENERATION_DEFAULTS } from "@backdrop/shared";
import { describe, expect, it, vi } from "vitest";
import {
  EngineError,
  type EngineResult,
  type GenerateInput,
} from "../../../../engines/image-engine.ts";
import { runTakes } from "./generation-takes.ts";

const image = { bytes: Buffer.from("photo"), contentType: "image/png", width: 4, height: 4 };
const input: GenerateInput = {
  image,
  prompt: "on a marble counter",
  options: { ...GENERATION_DEFAULTS },
  method: "realtime",
  seed: 7,
};
const ctx = { signal: new AbortController().signal, reportStage: () => undefined };
const job = (refundOnFailure: boolean) => ({ debitKey: "debit:job-1", refundOnFailure });
const result = (name: string): EngineResult => ({ ...image, bytes: Buffer.from(name) });

describe("runTakes with an engine that makes its takes in one call", () => {
  it("asks once for all the takes and keeps each with its seed", async () => {
    const generate = vi.fn();
    const generateTakes = vi.fn(async () => [
      { output: result("a"), seed: 7 },
      { output: result("b"), seed: 7 },
    ]);
    const run = await runTakes({ generate, generateTakes }, job(false), input, 2, ctx);
    expect(generateTakes).toHaveBeenCalledWith(input, 2, ctx);
    expect(generate).not.toHaveBeenCalled();
    expect(run.takes.map((take) => take.output.bytes.toString())).toEqual(["a", "b"]);
    expect(run.refundKeys).toEqual([]);
  });

  it("gives back the takes the model withheld where the plan refunds refusals", async () => {
    const generateTakes = async () => [{ output: result("a"), seed: 7 }];
    const engine = { generate: vi.fn(), generateTakes };
    expect((await runTakes(engine, job(true), input, 3, ctx)).refundKeys).toEqual([
      "debit:job-1:2",
      "debit:job-1:3",
    ]);
    expect((await runTakes(engine, job(false), input, 3, ctx)).refundKeys).toEqual([]);
  });

  it("fails as a refusal when the model withheld every take", async () => {
    const engine = { generate: vi.fn(), generateTakes: async () => [] };
    await expect(runTakes(engine, job(true), input, 2, ctx)).rejects.toThrow(EngineError);
  });

  it("makes a single take with generate() alone", async () => {
    const generate = vi.fn(async () => result("only"));
    const generateTakes = vi.fn();
    const run = await runTakes({ generate, generateTakes }, job(false), input, 1, ctx);
    expect(generateTakes).not.toHaveBeenCalled();
    expect(run.takes).toHaveLength(1);
  });
});
