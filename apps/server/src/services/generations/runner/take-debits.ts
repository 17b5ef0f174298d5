/**
 * The ledger keys a job of `takes` takes was charged under, one per take: the job's own key for
 * the first (as every job of one take always was), then `:2`, `:3`…, so each take can be
 * refunded on its own.
 */
export function takeDebitKeys(debitKey: string, takes: number): string[] {
  return Array.from({ length: Math.max(1, takes) }, (_, i) =>
    i === 0 ? debitKey : `${debitKey}:${i + 1}`,
  );
}
