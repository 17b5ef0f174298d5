import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { describe, expect, it, vi } from "vitest";
import { AppError, StepFailure } from "../lib/app-error.ts";
import { answerErrors, failsWith } from "./errors.ts";

function appThrowing(error: unknown) {
  const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const app = new Hono();
  app.get("/plain", () => {
    throw error;
  });
  app.get("/worded", failsWith("Could not start the job"), () => {
    throw error;
  });
  app.get("/provider", failsWith("Could not open the checkout", 502), () => {
    throw error;
  });
  app.onError(answerErrors(logger));
  return { app, logger };
}

async function answer(app: Hono, path: string) {
  const res = await app.request(path);
  return { status: res.status, body: await res.json() };
}

describe("the app's one error handler", () => {
  it("answers a refusal with its own status and message, whatever the route's wording", async () => {
    const { app, logger } = appThrowing(new AppError(402, "Not enough tokens"));
    for (const path of ["/plain", "/worded", "/provider"]) {
      expect(await answer(app, path)).toEqual({
        status: 402,
        body: { error: "Not enough tokens" },
      });
    }
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("answers anything else with the route's wording and status, and logs it", async () => {
    const { app, logger } = appThrowing(new Error("connection reset"));
    expect(await answer(app, "/worded")).toEqual({
      status: 500,
      body: { error: "Could not start the job" },
    });
    expect(await answer(app, "/provider")).toEqual({
      status: 502,
      body: { error: "Could not open the checkout" },
    });
    expect(await answer(app, "/plain")).toEqual({
      status: 500,
      body: { error: "Internal server error" },
    });
    expect(logger.error).toHaveBeenCalledTimes(3);
    expect(logger.error).toHaveBeenCalledWith(
      "Unhandled error",
      expect.objectContaining({ path: "/provider" }),
    );
  });

  it("answers a failed step with the step's wording on a worded route, and logs it", async () => {
    const cause = new Error("connection reset");
    const { app, logger } = appThrowing(new StepFailure("Could not renew the plan", { cause }));
    expect(await answer(app, "/provider")).toEqual({
      status: 502,
      body: { error: "Could not renew the plan" },
    });
    expect(await answer(app, "/plain")).toEqual({
      status: 500,
      body: { error: "Internal server error" },
    });
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it("passes a client error raised by middleware through with its status", async () => {
    const { app } = appThrowing(new HTTPException(413, { message: "Too large" }));
    expect(await answer(app, "/worded")).toEqual({ status: 413, body: { error: "Too large" } });
  });
});
