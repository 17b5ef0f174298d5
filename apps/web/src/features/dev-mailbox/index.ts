/** The development mailbox page: the e-mails the server kept instead of sending them. */
export { DevMailbox } from "./components/dev-mailbox.tsx";
