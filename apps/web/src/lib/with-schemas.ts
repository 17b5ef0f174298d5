/**
 * Waits for an API answer and for the schemas that check it, which load at the same time: the
 * schemas (and zod) are not part of the first download, and fetching them while the answer is
 * on its way costs no extra wait. When both fail, the answer's failure is the one reported.
 */
export async function withSchemas<Answer, Schemas>(
  answer: Promise<Answer>,
  schemas: Promise<Schemas>,
): Promise<[Answer, Schemas]> {
  schemas.catch(() => {}); // a failure is rethrown below, once the answer is in
  const body = await answer;
  return [body, await schemas];
}
