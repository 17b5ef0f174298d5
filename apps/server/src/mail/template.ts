import { Eta } from "eta/core";

/**
 * Mail HTML is written as Eta templates whose every `<%= … %>` interpolation is HTML-escaped
 * (& < > " ' become entities), so text from users, names and links can only reach a mail
 * escaped. `<% … %>` holds control flow (if, for) over the data. Whitespace is kept exactly as
 * written (no trimming around tags).
 */
const eta = new Eta({ autoEscape: true, autoTrim: false, cache: false });

/**
 * Ways around the escaping: raw interpolation (`<%~ … %>`), writing to the output from code
 * (`output(…)`, `__eta`), and pulling in other templates or layouts.
 */
const UNESCAPED_OUTPUT = /<%~|\boutput\s*\(|__eta|\binclude(?:Async)?\s*\(|\blayout\s*\(/;

export type MailTemplate<T extends object> = (data: T) => string;

/** Compiles `source` once; refuses one that could print anything unescaped. */
export function mailTemplate<T extends object>(source: string): MailTemplate<T> {
  if (UNESCAPED_OUTPUT.test(source)) {
    throw new Error("A mail template may only print through escaped <%= %> interpolations");
  }
  const compiled = eta.compile(source);
  return (data) => eta.render(compiled, data);
}
