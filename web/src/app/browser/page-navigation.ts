/**
 * Full-page navigations, the one browser boundary the app cannot route: reloading the page and
 * leaving for another site (the payment provider's dashboard). Tests replace these methods.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
};
