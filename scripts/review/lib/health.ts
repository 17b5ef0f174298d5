import { request, sleep } from "./http.ts";
import type { Instance } from "./instance.ts";

/** Polls /api/health until it answers 200 or the time is up; the last answer. */
export async function waitHealthy(inst: Instance, timeoutMs = 60_000, everyMs = 500) {
  const deadline = Date.now() + timeoutMs;
  let answer = await request(inst.url, "/api/health");
  while (answer.status !== 200 && Date.now() < deadline) {
    await sleep(everyMs);
    answer = await request(inst.url, "/api/health");
  }
  return answer;
}

/** Polls /api/health every `everyMs` until stopped: what a load balancer would have seen. */
export function watchHealth(inst: Instance, everyMs = 300) {
  const stats = { polls: 0, noAnswer: 0, not200: 0, maxMs: 0, statuses: new Set<number>() };
  let running = true;
  const loop = (async () => {
    while (running) {
      const answer = await request(inst.url, "/api/health", { timeoutMs: 5000 });
      stats.polls += 1;
      stats.maxMs = Math.max(stats.maxMs, answer.ms);
      stats.statuses.add(answer.status);
      if (answer.status === 0) stats.noAnswer += 1;
      else if (answer.status !== 200) stats.not200 += 1;
      await sleep(everyMs);
    }
  })();
  return {
    stats,
    async stop() {
      running = false;
      await loop;
      return stats;
    },
  };
}
