/** The contact and report pages' forms. */
export { ContactForm } from "./components/contact-form.tsx";
export { ReportForm } from "./components/report-form.tsx";
