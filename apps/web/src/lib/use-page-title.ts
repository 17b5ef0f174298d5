import { useEffect } from "react";

export const APP_NAME = "Backdrop";

export function pageTitle(title: string): string {
  return `${title} · ${APP_NAME}`;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
