import { UserRound } from "lucide-react";
import { Container } from "../components/ui/container.tsx";
import { LoginNotice } from "../components/ui/notice-card.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { DeleteAccountSection, ExportDataSection } from "../features/account/index.ts";
import { useSession } from "../features/auth/index.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** /settings: the account's data rights, exporting everything and deleting the account. */
export function SettingsPage() {
  usePageTitle("Settings");
  const { session } = useSession();
  return (
    <Container width="prose" className="py-14 sm:py-20">
      <PageIntro
        eyebrow="Account"
        title="Settings"
        lead={
          session
            ? `Signed in as ${session.email}. Take a copy of everything your account holds, or delete it.`
            : undefined
        }
      />
      {session ? (
        <div className="mt-10 flex flex-col gap-6">
          <ExportDataSection />
          <DeleteAccountSection />
        </div>
      ) : (
        <LoginNotice
          icon={<UserRound aria-hidden="true" />}
          title="Log in to manage your account"
          next="/settings"
        >
          <p>Export your data or delete your account once you are signed in.</p>
        </LoginNotice>
      )}
    </Container>
  );
}
