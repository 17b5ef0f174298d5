/**
 * The few browser calls the Google sign-in makes, gathered in one object so tests can
 * stand in for them (jsdom cannot open windows or leave the page).
 */
export const browserWindow = {
  /** A centred popup of the given size, or null when the browser blocked it. */
  openPopup(name: string, width: number, height: number): Window | null {
    const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
    return window.open(
      "about:blank",
      name,
      `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`,
    );
  },
  /** Leaves the app for `url` (the identity provider). */
  goTo(url: string): void {
    window.location.assign(url);
  },
};
