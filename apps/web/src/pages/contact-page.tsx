import { Bug, Clock, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { Card } from "../components/ui/card.tsx";
import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { useSession } from "../features/auth/index.ts";
import { ContactForm } from "../features/support/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function ContactPage() {
  usePageTitle("Contact");
  const { session } = useSession();
  return (
    <Container className="py-14 sm:py-20">
      <div className="grid gap-12 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
        <div>
          <PageIntro
            eyebrow="Support"
            title="Contact us"
            lead="Questions about plans, results or your account? Send us a message and a person will answer."
          />
          <ul className="mt-10 flex flex-col gap-6 text-[0.9375rem]">
            <li className="flex gap-4">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
              <p className="text-ink-muted">
                <strong className="block font-semibold text-ink">
                  Replies within a business day
                </strong>
                {session ? (
                  <>
                    We answer at your account’s address,{" "}
                    <span className="font-medium text-ink">{session.email}</span>.
                  </>
                ) : (
                  "We answer at the e-mail address you give us."
                )}
              </p>
            </li>
            <li className="flex gap-4">
              <Bug aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
              <p className="text-ink-muted">
                <strong className="block font-semibold text-ink">Found a bug?</strong>
                The{" "}
                <Link
                  to="/report"
                  className="font-semibold text-accent-600 underline underline-offset-4 hover:text-accent-700"
                >
                  issue report
                </Link>{" "}
                goes straight to the team that fixes it.
              </p>
            </li>
            <li className="flex gap-4">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-600" />
              <p className="text-ink-muted">
                <strong className="block font-semibold text-ink">Your data</strong>
                Ask here to have your photos and account deleted; it is done within 30 days.
              </p>
            </li>
          </ul>
        </div>
        <Card className="p-6 sm:p-8">
          {/* Logged-in senders are known to the server, which uses the account's address. */}
          {/* made anew once the session is known, so that its name is filled in */}
          <ContactForm
            key={session?.uid ?? "visitor"}
            hideEmail={session !== null}
            senderName={session?.name}
          />
        </Card>
      </div>
    </Container>
  );
}
