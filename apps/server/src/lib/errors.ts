/** A short human-readable reason for any thrown value, for logs and error answers. */
export function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) {
    return [...new Set(error.errors.map(describeError))].join("; ");
  }
  if (error instanceof Error) {
    if (error.message) return error.message;
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? code : error.name;
  }
  return String(error);
}
