/** The account's entry: the settings page's sections. */
export { ExportDataSection } from "./components/export-data-section.tsx";
export { DeleteAccountSection } from "./components/delete-account-section.tsx";
