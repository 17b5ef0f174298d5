import { z } from "zod";

export const ZErrorResponse = z.object({ error: z.string() });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ZHealthResponse = z.object({ status: z.literal("ok") });

export const ZOkResponse = z.object({ ok: z.literal(true), message: z.string() });
export type TOkResponse = z.infer<typeof ZOkResponse>;

export const ZMailboxEntry = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  createdAt: z.number(),
});
export type TMailboxEntry = z.infer<typeof ZMailboxEntry>;
