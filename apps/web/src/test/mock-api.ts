import { vi } from "vitest";
import { jsonResponse } from "./render-route.tsx";

type Answer = Response | ((init: RequestInit | undefined) => Response | Promise<Response>);

/**
 * Stubs fetch with answers by "METHOD /path" (the query string ignored); anything else
 * answers 404. Returns the mock, whose calls show what the app sent.
 */
export function mockApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://app.test");
    const answer = answers[`${init?.method ?? "GET"} ${url.pathname}`];
    if (!answer) return jsonResponse(404, { error: "Not found" });
    return typeof answer === "function" ? answer(init) : answer.clone();
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The calls made to `path`, each with its parsed JSON body. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([input]) => new URL(String(input), "http://app.test").pathname === path)
    .map(([input, init]) => ({
      url: String(input),
      method: init?.method ?? "GET",
      // JSON bodies parsed; form data (uploads) as sent
      body:
        typeof init?.body === "string"
          ? (JSON.parse(init.body) as unknown)
          : (init?.body ?? undefined),
    }));
}
