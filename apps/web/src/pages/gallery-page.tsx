import { Images, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { useSession } from "../features/auth/session.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function GalleryPage() {
  usePageTitle("Gallery");
  const { userLoggedIn } = useSession();
  return (
    <Container className="py-14 sm:py-20">
      <PageIntro
        title="Gallery"
        lead="Every background you generate, upscale or edit, in one place."
      />
      {userLoggedIn ? (
        <NoticeCard
          level={2}
          tone="neutral"
          className="mt-12"
          icon={<Images aria-hidden="true" />}
          title="No images yet"
          actions={
            <Link to="/" className={buttonClasses({ variant: "accent" })}>
              <Sparkles aria-hidden="true" />
              Generate your first
            </Link>
          }
        >
          <p>Your results will appear here, ready to view and download again.</p>
        </NoticeCard>
      ) : (
        <NoticeCard
          level={2}
          className="mt-12"
          icon={<Images aria-hidden="true" />}
          title="Log in to see your gallery"
          actions={
            <Link to="/login" className={buttonClasses({ variant: "primary" })}>
              Log In
            </Link>
          }
        >
          <p>Your results are kept with your account, ready to download again.</p>
        </NoticeCard>
      )}
    </Container>
  );
}
