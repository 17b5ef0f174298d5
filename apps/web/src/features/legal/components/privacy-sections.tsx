import { Link } from "react-router";
import type { LegalSection } from "../legal.ts";

export const PRIVACY_INTRO = (
  <p>
    Backdrop places photos of products and people into new backgrounds. To do that we have to handle
    your photos and a little information about you. This page explains what we keep, why, for how
    long, and how to have it deleted.
  </p>
);

export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: "what-we-store",
    title: "What we store",
    body: (
      <>
        <p>We keep only what the service needs to work:</p>
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, your name, how you sign in (e-mail
            and password, or Google) and whether your e-mail address is verified. Passwords are
            stored only as a one-way hash, never in readable form.
          </li>
          <li>
            <strong>Uploaded photos</strong> and the prompts you write to describe a background or
            an edit.
          </li>
          <li>
            <strong>Generated results:</strong> the images we produce for you, including upscaled
            and AI-edited versions, so they can appear in your gallery.
          </li>
          <li>
            <strong>Your token ledger:</strong> a record of every token granted by your plan,
            bought, spent or refunded, with the date and the action involved.
          </li>
          <li>
            <strong>Payment references:</strong> the customer and subscription identifiers our
            payment provider gives us, your plan, its status and its renewal dates.
          </li>
          <li>
            <strong>Support messages:</strong> what you send through the Contact and Report pages.
          </li>
          <li>
            <strong>Technical logs:</strong> IP address, browser type and the requests made, kept
            for a short time to keep the service secure and to fix faults.
          </li>
        </ul>
        <p>
          <strong>We never see or store your card details.</strong> You enter them on the payment
          provider's own checkout page and the provider handles them.
        </p>
      </>
    ),
  },
  {
    id: "uploads-and-results",
    title: "How we use your photos and results",
    body: (
      <>
        <p>
          Your photos, prompts and results are used for one purpose: producing your images. That
          means cutting out the subject, creating the scene you describe, upscaling and editing, and
          showing the results in your gallery for you to download.
        </p>
        <p>
          This processing runs on our own image engine or at an AI provider that works on our
          behalf. When a provider is used, it receives the photo and the prompt, returns the result,
          and may not use them for anything else.
        </p>
        <p>
          We do not sell your photos or results, we do not use them for advertising, and we do not
          use them to train AI models.
        </p>
      </>
    ),
  },
  {
    id: "other-uses",
    title: "Other uses of your information",
    body: (
      <ul>
        <li>Running your account and keeping your token balance correct.</li>
        <li>
          Sending the e-mails the service depends on: address verification, password resets and
          messages about your subscription.
        </li>
        <li>Billing your plan and any token top-ups through our payment provider.</li>
        <li>Answering your messages and fixing the problems you report.</li>
        <li>Preventing fraud and abuse, and meeting our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who we share it with",
    body: (
      <>
        <p>We share information only with the services that help us run Backdrop:</p>
        <ul>
          <li>our payment provider, for subscriptions and purchases;</li>
          <li>the AI provider that processes an image, when our own engine does not;</li>
          <li>our hosting, storage and e-mail providers.</li>
        </ul>
        <p>
          Each receives only what its task needs. We disclose information to authorities only when
          the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <p>
        We use one essential cookie to keep you signed in. There are no advertising or tracking
        cookies, and the site loads no third-party scripts.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it, and deletion",
    body: (
      <>
        <p>
          We keep your account, photos and results for as long as your account is open, so your
          gallery stays available. Technical logs are kept for a short period only.
        </p>
        <p>
          You can ask us to delete your data at any time: write to us through the{" "}
          <Link to="/contact">Contact page</Link> from the e-mail address of your account. We delete
          your account, uploaded photos, results and prompts <strong>within 30 days</strong> and
          confirm by e-mail. Payment and invoice records that the law requires us to keep are
          retained for the period it sets.
        </p>
      </>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights",
    body: (
      <p>
        Depending on where you live, you may have the right to see the information we hold about
        you, correct it, receive a copy of it, have it deleted, or object to how we use it. Ask
        through the <Link to="/contact">Contact page</Link> and we will answer within 30 days. You
        may also complain to your local data protection authority.
      </p>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Data travels encrypted between your browser and our servers. Access to stored photos and
        account data is limited to the systems and people who need it to run the service.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: <p>Backdrop is not meant for children under 16, and we do not knowingly serve them.</p>,
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When this policy changes we update the date at the top of this page. If a change affects how
        your photos or personal information are used, we tell you by e-mail before it takes effect.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact",
    body: (
      <p>
        Questions about privacy are welcome on the <Link to="/contact">Contact page</Link>. To
        report a security issue, use the <Link to="/report">Report page</Link> and choose “Security
        Issue”.
      </p>
    ),
  },
];
