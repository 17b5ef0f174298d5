import { RefreshCw, TriangleAlert } from "lucide-react";
import { Link, useRouteError } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Container } from "../../../components/ui/container.tsx";
import { NoticeCard } from "../../../components/ui/notice-card.tsx";
import { browserLocation } from "../../../lib/browser-location.ts";
import { usePageTitle } from "../../../lib/use-page-title.ts";
import { isChunkLoadError } from "../chunk-load-error.ts";

/**
 * What a page shows instead of itself when it could not load or broke while rendering. A page
 * whose code could not be fetched is most often one from before a deploy: reloading picks up
 * the new build.
 */
export function RouteError() {
  const error = useRouteError();
  const unloaded = isChunkLoadError(error);
  usePageTitle(unloaded ? "Page could not load" : "Something went wrong");
  return (
    <Container className="py-16 sm:py-24">
      <NoticeCard
        tone="danger"
        icon={<TriangleAlert aria-hidden="true" />}
        title={unloaded ? "This page could not load" : "Something went wrong"}
        actions={
          <>
            <Button variant="primary" onClick={() => browserLocation.reload()}>
              <RefreshCw aria-hidden="true" />
              Reload the page
            </Button>
            <Link to="/" reloadDocument className={buttonClasses({ variant: "secondary" })}>
              Back to Generate
            </Link>
          </>
        }
      >
        <p>
          {unloaded
            ? "Backdrop may have been updated since you opened it, or the connection dropped. Reloading gets the latest version."
            : "An unexpected error stopped this page. Reloading usually fixes it."}
        </p>
      </NoticeCard>
    </Container>
  );
}
