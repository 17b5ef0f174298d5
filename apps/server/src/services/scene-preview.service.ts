import type { TScenePreviewRequest, TScenePreviewResponse } from "@backdrop/shared";
import type { ImageEngine, SubjectCutout } from "../engines/image-engine.ts";
import type { RateLimiter } from "../lib/rate-limiter.ts";

/** Who asks: a signed-in user (their own limit) or a visitor (the visitors' shared budget). */
export type PreviewAsker = { userId: string } | { visitor: true };

export type PreviewOutcome =
  | { drawn: true; reading: TScenePreviewResponse }
  /** Not drawn now: past the visitors' budget, behind paid work, or the line is full. */
  | { drawn: false; retryAfterSeconds: number };

export type ScenePreviewService = {
  /** What the engine will draw for the prompt: free, for anyone, before any charge. */
  preview(request: TScenePreviewRequest, asker: PreviewAsker): Promise<PreviewOutcome>;
};

/**
 * How previews share this server (issue 26, point 2). Drawing one takes 50–150 ms of CPU on the
 * HTTP thread and libvips' threads, so they are drawn one at a time per server, a few waiting
 * behind, signed-in users first; visitors are refused while a job runs here.
 */
export const PREVIEW_GATE = {
  /** Previews drawn at once per server. */
  concurrency: 1,
  /** Previews waiting for their turn per server, at most; visitors take at most `visitorsWaiting`. */
  waiting: 8,
  visitorsWaiting: 2,
  /** How long one may wait for its turn before it is refused. */
  waitMs: 2_000,
  /** What a refusal from this server's line says to wait (the shared budget says its own). */
  retryAfterSeconds: 2,
  /** Answers kept for identical requests (a few MB: each is a small WebP). */
  cacheEntries: 200,
  /**
   * A visitor refused is answered after this pause: a client that ignores Retry-After and asks
   * again at once (a flood) then costs the server a few requests a second, not hundreds.
   * A pause costs a timer and the open connection, so at most `pausedAtOnce` are held.
   */
  refusalPauseMs: 1_000,
  pausedAtOnce: 64,
} as const;

type Gate = { [K in keyof typeof PREVIEW_GATE]: number };

type Waiter = { visitor: boolean; admit(admitted: boolean): void };

/** One preview at a time (per `concurrency`), a short line behind, users ahead of visitors. */
function createLine(gate: Gate, paidWorkRunning: () => boolean) {
  let running = 0;
  const waiting: Waiter[] = [];

  function next(): void {
    while (running < gate.concurrency && waiting.length > 0) {
      const waiter = waiting.shift() as Waiter;
      if (waiter.visitor && paidWorkRunning()) waiter.admit(false);
      else {
        running += 1;
        waiter.admit(true);
      }
    }
  }

  return {
    /** Resolves true when it is this preview's turn (then call `done`), false when refused. */
    async enter(visitor: boolean): Promise<boolean> {
      if (visitor && paidWorkRunning()) return false;
      if (running < gate.concurrency && waiting.length === 0) {
        running += 1;
        return true;
      }
      const visitorsWaiting = waiting.filter((w) => w.visitor).length;
      if (waiting.length >= gate.waiting) return false;
      if (visitor && visitorsWaiting >= gate.visitorsWaiting) return false;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          const at = waiting.indexOf(waiter);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        }, gate.waitMs);
        timer.unref?.();
        const waiter: Waiter = {
          visitor,
          admit(admitted) {
            clearTimeout(timer);
            resolve(admitted);
          },
        };
        // Signed-in users go ahead of every visitor waiting.
        const firstVisitor = waiting.findIndex((w) => w.visitor);
        if (visitor || firstVisitor < 0) waiting.push(waiter);
        else waiting.splice(firstVisitor, 0, waiter);
      });
    },
    done(): void {
      running -= 1;
      next();
    },
  };
}

/** The few answers asked for last, by request: the same words and size draw the same scene. */
function createCache(entries: number) {
  const answers = new Map<string, TScenePreviewResponse>();
  return {
    get(key: string): TScenePreviewResponse | undefined {
      const found = answers.get(key);
      if (found) {
        answers.delete(key);
        answers.set(key, found);
      }
      return found;
    },
    set(key: string, answer: TScenePreviewResponse): void {
      answers.delete(key);
      answers.set(key, answer);
      while (answers.size > entries) {
        const oldest = answers.keys().next();
        if (oldest.done) break;
        answers.delete(oldest.value);
      }
    },
  };
}

export type ScenePreviewDeps = {
  engine: Pick<ImageEngine, "previewScene">;
  /** The visitors' budget, one key for all of them: in Redis with REDIS_URL, shared by servers. */
  visitorBudget: RateLimiter;
  /** Whether the engine is doing a job's work in this process now: visitors stand aside. */
  paidWorkRunning: () => boolean;
  gate?: Partial<Gate>;
  /** The cut-out of a user's own upload, once made; undefined for anyone else's record. */
  subjectOf?: (recordId: string, userId: string) => Promise<SubjectCutout | undefined>;
};

/**
 * Scene previews on a budget. An answer already drawn for the same request comes from memory,
 * for anyone, at no cost. Otherwise a visitor spends one of the visitors' shared budget and
 * is refused while a job runs in this process; everyone then takes their turn in this server's
 * line. Each refusal says when to ask again.
 */
export function createScenePreviewService(deps: ScenePreviewDeps): ScenePreviewService {
  const gate = { ...PREVIEW_GATE, ...deps.gate };
  const line = createLine(gate, deps.paidWorkRunning);
  const cache = createCache(gate.cacheEntries);
  const drawing = new Map<string, Promise<TScenePreviewResponse>>();
  let paused = 0;

  /** A visitor's refusal, answered after the pause while few are paused, else at once. */
  async function refuse(retryAfterSeconds = gate.retryAfterSeconds): Promise<PreviewOutcome> {
    if (gate.refusalPauseMs > 0 && paused < gate.pausedAtOnce) {
      paused += 1;
      try {
        await new Promise((resolve) => setTimeout(resolve, gate.refusalPauseMs));
      } finally {
        paused -= 1;
      }
    }
    return { drawn: false, retryAfterSeconds };
  }

  /** The asker's own upload's cut-out, when the request names one that has it. */
  async function subjectFor(request: TScenePreviewRequest, asker: PreviewAsker) {
    if (!request.recordId || !("userId" in asker) || !deps.subjectOf) return undefined;
    return deps.subjectOf(request.recordId, asker.userId);
  }

  function draw(
    key: string,
    { prompt, width, height }: TScenePreviewRequest,
    subject?: SubjectCutout,
  ) {
    const aspect = width && height ? { width, height } : undefined;
    const drawn = deps.engine.previewScene(prompt, aspect, subject).then(
      (reading) => {
        cache.set(key, reading);
        drawing.delete(key);
        return reading;
      },
      (error: unknown) => {
        drawing.delete(key);
        throw error;
      },
    );
    drawing.set(key, drawn);
    return drawn;
  }

  return {
    async preview(request, asker) {
      // The record's cut-out is looked up first, so an answer about one photo goes only to
      // its owner; a request naming none, or not the asker's, shares the photo-less answer.
      const subject = await subjectFor(request, asker);
      const photo = subject ? request.recordId : null;
      const key = JSON.stringify([request.prompt, request.width ?? 0, request.height ?? 0, photo]);
      // Drawn before, or being drawn now: that answer, with no budget spent and no turn taken.
      const shared = () => cache.get(key) ?? drawing.get(key);
      const known = shared();
      if (known) return { drawn: true, reading: await known };

      const visitor = "visitor" in asker;
      if (visitor) {
        if (deps.paidWorkRunning()) return refuse();
        const spent = await deps.visitorBudget.hit("visitors");
        if (!spent.allowed) return refuse(spent.retryAfterSeconds);
      }
      if (!(await line.enter(visitor))) {
        return visitor ? refuse() : { drawn: false, retryAfterSeconds: gate.retryAfterSeconds };
      }
      try {
        const reading = await (shared() ?? draw(key, request, subject));
        return { drawn: true, reading };
      } finally {
        line.done();
      }
    },
  };
}
