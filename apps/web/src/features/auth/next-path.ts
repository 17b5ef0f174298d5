/**
 * The page to go to after logging in, from `?next=`: only a path of this site, so a link
 * cannot send someone elsewhere after they enter their password.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  try {
    const url = new URL(value, "http://backdrop.invalid");
    if (url.origin !== "http://backdrop.invalid") return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
