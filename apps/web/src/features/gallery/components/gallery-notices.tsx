import { GALLERY_MESSAGES } from "@backdrop/shared";
import { Images, Maximize2, RefreshCw, Sparkles, TriangleAlert, WandSparkles } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { LoginNotice, NoticeCard } from "../../../components/ui/notice-card.tsx";
import type { GalleryTabId } from "../gallery-images.ts";

const EMPTY: Record<
  GalleryTabId,
  { icon: ReactNode; title: string; text: string; action: string }
> = {
  generated: {
    icon: <Images aria-hidden="true" />,
    title: "No generated images yet",
    text: "Upload a photo on Generate and describe a new background. Every result lands here, ready to view and download again.",
    action: "Generate your first",
  },
  processed: {
    icon: <WandSparkles aria-hidden="true" />,
    title: "No AI edits yet",
    text: "Open a result on Generate and choose Edit with AI to change it with a few words. Your edits are kept here.",
    action: "Go to Generate",
  },
  upscaled: {
    icon: <Maximize2 aria-hidden="true" />,
    title: "No upscaled images yet",
    text: "Choose Upscale 2x on a result for a sharper copy at twice the size. Upscaled images appear here.",
    action: "Go to Generate",
  },
};

/** A tab with no images: what would fill it, and the way to Generate. */
export function GalleryEmpty({ tab }: { tab: GalleryTabId }) {
  const copy = EMPTY[tab];
  return (
    <NoticeCard
      level={2}
      tone="neutral"
      icon={copy.icon}
      title={copy.title}
      actions={
        <Link to="/" className={buttonClasses({ variant: "accent" })}>
          <Sparkles aria-hidden="true" />
          {copy.action}
        </Link>
      }
    >
      <p>{copy.text}</p>
    </NoticeCard>
  );
}

/** SPEC point 8's 'Error fetching images', with a way to try again. */
export function GalleryError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <div role="alert">
      <NoticeCard
        level={2}
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title={GALLERY_MESSAGES.fetchFailed}
        actions={
          <Button variant="primary" onClick={onRetry} loading={retrying}>
            {!retrying && <RefreshCw aria-hidden="true" />}
            Retry
          </Button>
        }
      >
        <p>Your images are safe. Check your connection, then try again.</p>
      </NoticeCard>
    </div>
  );
}

/** What a visitor who is not logged in sees instead of the gallery. */
export function GalleryLoginNotice() {
  return (
    <LoginNotice
      icon={<Images aria-hidden="true" />}
      title="Log in to see your gallery"
      next="/gallery"
    >
      <p>Your results are kept with your account, ready to download again.</p>
    </LoginNotice>
  );
}
