import { LegalDocument, PRIVACY_INTRO, PRIVACY_SECTIONS } from "../features/legal/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return <LegalDocument title="Privacy Policy" intro={PRIVACY_INTRO} sections={PRIVACY_SECTIONS} />;
}
