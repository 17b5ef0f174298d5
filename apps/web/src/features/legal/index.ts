/** The privacy and terms pages' text and its layout. */
export { LegalDocument } from "./components/legal-document.tsx";
export { PRIVACY_INTRO, PRIVACY_SECTIONS } from "./components/privacy-sections.tsx";
export { TERMS_INTRO, TERMS_SECTIONS } from "./components/terms-sections.tsx";
