import { Link } from "react-router";
import type { LegalSection } from "../legal.ts";

export const TERMS_INTRO = (
  <p>
    These terms are the agreement between you and Backdrop for using the service. Please read them
    together with our{" "}
    <Link
      to="/privacy"
      className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
    >
      Privacy Policy
    </Link>
    .
  </p>
);

export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: "agreement",
    title: "Using Backdrop",
    body: (
      <p>
        By creating an account or using Backdrop you accept these terms. If you use Backdrop for a
        business, you accept them on its behalf and confirm that you may do so.
      </p>
    ),
  },
  {
    id: "service",
    title: "The service",
    body: (
      <>
        <p>
          Backdrop takes a photo of a product or a person and places the subject into a new
          background that you describe in words. You can also upscale results 2x and change them
          with text prompts.
        </p>
        <p>
          Results are produced by automated image systems. They vary from one run to the next and
          may not always match your description. Check a result before you publish it.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give accurate details and verify your e-mail address before using the service.</li>
        <li>
          Keep your password to yourself; you are responsible for what happens in your account.
        </li>
        <li>Tell us through the Contact page if you think someone else has used it.</li>
      </ul>
    ),
  },
  {
    id: "plans-and-tokens",
    title: "Plans, tokens and payments",
    body: (
      <>
        <p>
          Backdrop is paid for with tokens. Monthly plans grant them: <strong>Starter</strong> $9
          for 100 tokens, <strong>Pro</strong> $14 for 160 tokens and <strong>Elite</strong> $24 for
          275 tokens a month. The price of each action is shown before you run it; current prices
          are on the <Link to="/pricing">Pricing page</Link>.
        </p>
        <ul>
          <li>
            Plans are billed monthly in advance by our payment provider and renew automatically.
          </li>
          <li>
            Your plan's tokens renew at the start of each billing period. Unused monthly tokens
            lapse at renewal and do not carry over.
          </li>
          <li>
            Tokens you buy as a top-up (available on Elite) do not lapse while your account is open.
          </li>
          <li>
            A change of plan applies at once; the price and the tokens are adjusted for the part of
            the period that remains.
          </li>
          <li>
            You can cancel at any time. Cancellation takes effect at the end of the current billing
            period, and you keep your plan until then.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <p>
        On the Elite plan, tokens spent on a generation that fails are returned to your balance
        automatically. Otherwise payments and spent tokens are not refunded, except where the law
        gives you a right to a refund.
      </p>
    ),
  },
  {
    id: "your-content",
    title: "Your photos",
    body: (
      <>
        <p>
          You keep all rights to the photos you upload. You allow us to store and process them only
          as far as needed to produce your images and show them to you, as our{" "}
          <Link to="/privacy">Privacy Policy</Link> describes.
        </p>
        <p>
          You must have the right to use every photo you upload, including the consent of any person
          who can be recognised in it.
        </p>
      </>
    ),
  },
  {
    id: "licence",
    title: "Licence of your results",
    body: (
      <>
        <p>
          Subject to your rights in the original photo, you may use the results you generate under
          the licence of the plan you were on when you generated them:
        </p>
        <ul>
          <li>
            <strong>Starter and Pro — personal licence:</strong> for personal, non-commercial use,
            such as a portfolio or social posts that do not sell anything.
          </li>
          <li>
            <strong>Elite — commercial licence:</strong> also for commercial use, such as product
            listings, online shops, advertising and client work.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You may not use Backdrop to create or upload content that:</p>
        <ul>
          <li>is unlawful, or infringes someone else's copyright, trademark or privacy;</li>
          <li>sexualises minors, or shows anyone intimately without their consent;</li>
          <li>depicts a real person in a way meant to deceive, harass or defame;</li>
          <li>promotes violence or hatred against people.</li>
        </ul>
        <p>
          Nor may you interfere with the service, try to reach other users' data, or resell access
          to Backdrop without our written agreement.
        </p>
      </>
    ),
  },
  {
    id: "availability",
    title: "Availability and changes",
    body: (
      <p>
        We work to keep Backdrop running and improving, but we cannot promise that it will always be
        available or free of errors. We may change or retire features; if a change removes something
        you have paid for, we will tell you in advance.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        Backdrop is provided as it is. To the extent the law allows, we are not liable for indirect
        or consequential losses, and our total liability to you is limited to the amount you paid us
        in the twelve months before the claim. Nothing in these terms limits liability that cannot
        be limited by law.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Suspension and closing your account",
    body: (
      <p>
        You can stop using Backdrop and ask us to delete your account at any time. We may suspend or
        close an account that breaks these terms, and will tell you why unless the law prevents it.
      </p>
    ),
  },
  {
    id: "law",
    title: "Governing law",
    body: (
      <p>
        These terms are governed by the laws of the place where Backdrop's operator is established.
        This does not take away the protection that the consumer law of the country where you live
        gives you.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    body: (
      <p>
        If we change these terms, we update the date at the top of this page and tell you by e-mail
        before significant changes take effect. Questions are welcome on the{" "}
        <Link to="/contact">Contact page</Link>.
      </p>
    ),
  },
];
