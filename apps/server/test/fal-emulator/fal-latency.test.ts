import { describe, expect, it } from "vitest";
import { startFalEmulator } from "./fal-emulator.ts";

const KEY = "latency-key";

/** One storage call, timed from the request to the end of its reply. */
async function timedInitiate(fetchFn: typeof fetch): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await fetchFn("https://rest.fal.ai/storage/upload/initiate", {
    method: "POST",
    headers: { authorization: `Key ${KEY}`, "content-type": "application/json" },
    body: JSON.stringify({ content_type: "image/png", file_name: "photo.png" }),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

describe("the fal emulator's latency", () => {
  it("holds every reply back by latencyMs, and by nothing unless asked", async () => {
    const LATENCY_MS = 300;
    const distant = await startFalEmulator({ key: KEY, latencyMs: LATENCY_MS });
    const near = await startFalEmulator({ key: KEY });
    try {
      const slow = await timedInitiate(distant.fetch);
      const quick = await timedInitiate(near.fetch);
      expect(slow.status).toBe(200);
      expect(quick.status).toBe(200);
      // Timers may fire a millisecond before performance.now() says so.
      expect(slow.ms).toBeGreaterThanOrEqual(LATENCY_MS - 2);
      expect(quick.ms).toBeLessThan(slow.ms);
      expect(distant.callsOf("initiate")).toHaveLength(1);
    } finally {
      await distant.close();
      await near.close();
    }
  });
});
