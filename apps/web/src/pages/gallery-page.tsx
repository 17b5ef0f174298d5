import { Images } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { NoticeCard } from "../components/ui/notice-card.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export function GalleryPage() {
  usePageTitle("Gallery");
  return (
    <Container className="py-14 sm:py-20">
      <PageIntro
        title="Gallery"
        lead="Every background you generate, upscale or edit, in one place."
      />
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
    </Container>
  );
}
