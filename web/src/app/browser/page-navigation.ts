/**
 * Full-page navigations, the one browser boundary the app cannot route: reloading the page, leaving
 * for another site (the payment provider's dashboard) and downloads. Tests replace these methods.
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
  /**
   * Hands a signed link that answers its file as an attachment (Content-Disposition) to the browser,
   * which streams the file to disk: nothing passes through the page's memory, so a stems zip of
   * 140 MB costs the tab nothing. The page stays where it is. `fileName` names the file where the
   * link is of the app's own origin; across origins the browser takes the api's Content-Disposition.
   */
  download(url: string, fileName?: string): void {
    const link = document.createElement('a');
    link.href = url;
    if (fileName) link.download = fileName;
    link.rel = 'noopener';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  },
};
