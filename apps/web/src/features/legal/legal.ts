import type { ReactNode } from "react";

export type LegalSection = { id: string; title: string; body: ReactNode };

export const LEGAL_LAST_UPDATED = "22 November 2026";
