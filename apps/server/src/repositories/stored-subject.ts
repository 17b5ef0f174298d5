import { FIDELITY_KEPT } from "@backdrop/shared";
import { z } from "zod";

const ZStoredSubject = z.object({
  placement: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  fidelity: z
    .object({
      withinDeltaE2: z.number(),
      meanDeltaE: z.number(),
      pixels: z.number(),
      kept: z.enum(FIDELITY_KEPT),
    })
    .nullable(),
  differenceFileId: z.string().nullable(),
});

/**
 * Where the upload's subject lies in a result and, when measured, how close its pixels are to
 * the photo's, with the file of the map of their differences.
 */
export type StoredSubject = z.infer<typeof ZStoredSubject>;

/** The stored JSON read back; anything unreadable is no subject. */
export function readSubject(stored: string | null): StoredSubject | null {
  if (!stored) return null;
  try {
    const parsed = ZStoredSubject.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSubject(subject: StoredSubject | null | undefined): string | null {
  return subject ? JSON.stringify(subject) : null;
}
