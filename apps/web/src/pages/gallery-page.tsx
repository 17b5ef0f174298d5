import { Sparkles } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../components/ui/button.tsx";
import { Container } from "../components/ui/container.tsx";
import { PageIntro } from "../components/ui/page-intro.tsx";
import { useSession } from "../features/auth/index.ts";
import { Gallery, GalleryLoginNotice } from "../features/gallery/index.ts";
import { cx } from "../lib/cx.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export function GalleryPage() {
  usePageTitle("Gallery");
  const { session } = useSession();
  return (
    <Container className="py-14 sm:py-20">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <PageIntro
          title="Gallery"
          lead="Every background you generate, upscale or edit, in one place."
        />
        {session && (
          <Link
            to="/"
            className={cx(buttonClasses({ variant: "secondary" }), "self-start sm:self-auto")}
          >
            <Sparkles aria-hidden="true" />
            New image
          </Link>
        )}
      </div>
      {session ? (
        <div className="mt-10">
          <Gallery uid={session.uid} />
        </div>
      ) : (
        <GalleryLoginNotice />
      )}
    </Container>
  );
}
