import { type Answer, requestError, unprocessable } from "./fal-replies.ts";

/** The HTTP calls a failure can be injected into. */
export type FailureStage = "submit" | "status" | "result" | "run";

export type Failure = {
  status: number;
  /** fal's body for that status when omitted. */
  body?: unknown;
  headers?: Record<string, string>;
  /** How many consecutive replies fail (default 1; `Infinity` for a lasting outage). */
  times?: number;
  /**
   * Which call answers it. By default the one that carries the model's answer: the queue's
   * result GET, or the synchronous run POST.
   */
  at?: FailureStage;
};

const DEFAULT_ERRORS: Record<number, () => Answer> = {
  422: () =>
    unprocessable([
      { loc: ["body", "prompt"], msg: "The prompt was refused by the model", type: "value_error" },
    ]),
  500: () => requestError(500, "Internal server error", "internal_error"),
  502: () => requestError(502, "Bad gateway", "runner_disconnected"),
  503: () => requestError(503, "No runner could be scheduled", "runner_scheduling_failure"),
  504: () => requestError(504, "Request timed out", "request_timeout"),
};

function failureAnswer({ status, body, headers }: Failure): Answer {
  const fallback = DEFAULT_ERRORS[status]?.() ?? requestError(status, `HTTP ${status}`);
  return {
    status,
    body: body ?? fallback.body,
    headers: { ...fallback.headers, ...headers },
  };
}

/** Count-down flags per endpoint: each `take` uses one. */
function countdown() {
  const counts = new Map<string, number>();
  return {
    add: (endpoint: string) => counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1),
    take(endpoint: string): boolean {
      const left = counts.get(endpoint) ?? 0;
      if (left > 0) counts.set(endpoint, left - 1);
      return left > 0;
    },
    clear: () => counts.clear(),
  };
}

/** What tests ask the emulator to do wrong next. */
export function createScenarios() {
  let failures: { endpoint: string; at?: FailureStage; answer: Answer; left: number }[] = [];
  const hangs = countdown();
  const nsfw = countdown();
  const expiries = countdown();

  return {
    failNext(endpoint: string, failure: Failure) {
      failures.push({
        endpoint,
        at: failure.at,
        answer: failureAnswer(failure),
        left: failure.times ?? 1,
      });
    },
    hangNext: hangs.add,
    flagNsfwNext: nsfw.add,
    expireOutputNext: expiries.add,

    takeFailure(endpoint: string, stage: FailureStage): Answer | undefined {
      const matches = (at: FailureStage | undefined) =>
        at === undefined ? stage === "run" || stage === "result" : at === stage;
      const failure = failures.find((f) => f.endpoint === endpoint && matches(f.at));
      if (!failure) return undefined;
      failure.left -= 1;
      if (failure.left <= 0) failures = failures.filter((f) => f !== failure);
      return failure.answer;
    },
    takeHang: hangs.take,
    takeNsfw: nsfw.take,
    takeExpiry: expiries.take,

    reset() {
      failures = [];
      hangs.clear();
      nsfw.clear();
      expiries.clear();
    },
  };
}

export type Scenarios = ReturnType<typeof createScenarios>;
