import { LegalDocument, TERMS_INTRO, TERMS_SECTIONS } from "../features/legal/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function TermsPage() {
  usePageTitle("Terms of Service");
  return <LegalDocument title="Terms of Service" intro={TERMS_INTRO} sections={TERMS_SECTIONS} />;
}
