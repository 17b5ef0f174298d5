import { randomUUID } from "node:crypto";
import type { Answer } from "./fal-replies.ts";
import type { Input } from "./input-rules.ts";

type QueuedRequest = {
  id: string;
  endpoint: string;
  /** `{owner}/{app}`: status, result and cancel URLs leave the sub-path out. */
  appRoot: string;
  polls: number;
  outcome?: Answer;
  /** A hanging request stays IN_PROGRESS until it is cancelled. */
  hanging: boolean;
};

const appRootOf = (endpoint: string) => endpoint.split("/").slice(0, 2).join("/");

/**
 * fal's queue in memory. The model runs as soon as a request is submitted; the status still
 * moves IN_QUEUE (first poll) → IN_PROGRESS (second) → COMPLETED, so that clients see every step.
 */
export function createQueue(run: (endpoint: string, input: Input) => Promise<Answer>) {
  const requests = new Map<string, QueuedRequest>();
  const work = new Set<Promise<unknown>>();

  const completed = (request: QueuedRequest) => request.outcome !== undefined && !request.hanging;

  function urls({ id, appRoot }: QueuedRequest) {
    const response = `https://queue.fal.run/${appRoot}/requests/${id}`;
    return {
      request_id: id,
      response_url: response,
      status_url: `${response}/status`,
      cancel_url: `${response}/cancel`,
    };
  }

  return {
    submit(endpoint: string, input: Input, hang: boolean): QueuedRequest {
      const request: QueuedRequest = {
        id: randomUUID(),
        endpoint,
        appRoot: appRootOf(endpoint),
        polls: 0,
        hanging: hang,
      };
      requests.set(request.id, request);
      const job = run(endpoint, input).then((answer) => {
        request.outcome ??= answer;
      });
      work.add(job);
      void job.finally(() => work.delete(job));
      return request;
    },
    /** A request fal knows under this app, or undefined. */
    find(appRoot: string, id: string): QueuedRequest | undefined {
      const request = requests.get(id);
      return request?.appRoot === appRoot ? request : undefined;
    },
    forget(id: string) {
      requests.delete(id);
    },
    accepted(request: QueuedRequest) {
      return { status: "IN_QUEUE", ...urls(request), queue_position: 0 };
    },
    status(request: QueuedRequest) {
      request.polls += 1;
      if (request.polls === 1) return { status: "IN_QUEUE", ...urls(request), queue_position: 0 };
      if (request.polls === 2 || !completed(request)) {
        return { status: "IN_PROGRESS", ...urls(request), logs: [] };
      }
      return { status: "COMPLETED", ...urls(request), logs: [], metrics: { inference_time: 0.05 } };
    },
    result(request: QueuedRequest): Answer {
      if (!completed(request) || !request.outcome) {
        return { status: 400, body: { detail: "Request is still in progress" } };
      }
      return request.outcome;
    },
    cancel(request: QueuedRequest): Answer {
      if (completed(request)) return { status: 400, body: { status: "ALREADY_COMPLETED" } };
      request.hanging = false;
      request.outcome = { status: 400, body: { detail: "Request was cancelled" } };
      return { status: 202, body: { status: "CANCELLATION_REQUESTED" } };
    },
    /** Resolves once every model run started so far has finished. */
    async settled() {
      await Promise.allSettled([...work]);
    },
  };
}
