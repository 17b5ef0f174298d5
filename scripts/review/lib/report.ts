import { type Answer, describe, type NoAnswer } from "./http.ts";

/**
 * One case's outcome. `notRun`: the case could not run here (the machine lacks what it needs);
 * it is neither passed nor failed, and is counted and printed on its own.
 */
export type CaseResult = { name: string; passed: boolean; detail: string; notRun?: boolean };

/** The cases of one category run against one instance. */
export class Cases {
  readonly results: CaseResult[] = [];
  readonly notes: string[] = [];
  startedAt = Date.now();
  endedAt = 0;

  constructor(
    readonly category: string,
    readonly instance: string,
  ) {}

  /** Records one case: `passed` is the expectation, `detail` what came back. */
  check(name: string, passed: boolean, detail = ""): boolean {
    this.results.push({ name, passed, detail });
    if (!passed) console.log(`    FAIL ${name}: ${detail}`);
    return passed;
  }

  /** A status expectation, with the answer described when it fails. */
  status(name: string, answer: Answer | NoAnswer, expected: number | number[], also = true) {
    const wanted = Array.isArray(expected) ? expected : [expected];
    const ok = wanted.includes(answer.status) && also;
    return this.check(name, ok, ok ? "" : `expected ${wanted.join("/")}, got ${describe(answer)}`);
  }

  /** Runs a case body; an exception counts as a failure with its message. */
  async run(name: string, body: () => Promise<boolean | string>): Promise<void> {
    try {
      const outcome = await body();
      if (outcome === true) this.check(name, true);
      else this.check(name, false, outcome === false ? "expectation not met" : outcome);
    } catch (error) {
      this.check(name, false, `threw: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A case that could not run here: counted and printed as "not run: <why>", never a pass. */
  notRun(name: string, why: string) {
    this.results.push({ name, passed: false, detail: `not run: ${why}`, notRun: true });
    console.log(`    NOT RUN ${name}: ${why}`);
  }

  note(text: string) {
    this.notes.push(text);
    console.log(`    note: ${text}`);
  }

  get passed() {
    return this.results.filter((result) => result.passed).length;
  }
  get notRunCount() {
    return this.results.filter((result) => result.notRun).length;
  }
  get failed() {
    return this.results.length - this.passed - this.notRunCount;
  }
}
