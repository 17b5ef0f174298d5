import { LegalDocument } from "../features/legal/components/legal-document.tsx";
import { PRIVACY_INTRO, PRIVACY_SECTIONS } from "../features/legal/components/privacy-sections.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return <LegalDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
