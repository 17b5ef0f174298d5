import { useEffect, useState } from "react";

/**
 * The element that had focus when the editor opened (the "Edit with AI" button), focused
 * again when the editor goes away, unless something else has taken focus by then.
 */
export function useOpener(): HTMLElement | null {
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? document.activeElement
      : null,
  );
  useEffect(
    () => () => {
      setTimeout(() => {
        const lost = !document.activeElement || document.activeElement === document.body;
        if (lost && opener?.isConnected) opener.focus();
      }, 0);
    },
    [opener],
  );
  return opener;
}
