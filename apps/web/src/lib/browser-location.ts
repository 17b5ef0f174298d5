/** Leaving the page, gathered in one object so tests can stand in for it (jsdom cannot). */
export const browserLocation = {
  /** Goes to `url`, e.g. the payment provider's hosted checkout. */
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};
