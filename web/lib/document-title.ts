/**
 * The document title for a page: "Page · Site", or the site name alone for the home page.
 * Exported so the server's <title> and the browser's navigations agree.
 */
export function documentTitle(pageTitle: string | null | undefined, siteName: string): string {
  return pageTitle ? `${pageTitle} · ${siteName}` : siteName
}

/** The home page's title: "Site — Latest Posts" (the server's <title> uses the same). */
export function homeDocumentTitle(siteName: string): string {
  return `${siteName} — Latest Posts`
}
