import { escapeHtml } from '../../platform/http/escape-html';

export interface LinkPreview {
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly pageUrl: string;
  readonly imageUrl: string;
}

/**
 * The shared link's HTML: Open Graph and Twitter card tags for crawlers (which run no JavaScript),
 * and for people a refresh to the web app's page, with a plain link in case refreshes are off.
 * No script, so the api's Content-Security-Policy holds.
 */
export function linkPageHtml(preview: LinkPreview, productName: string): string {
  const e = escapeHtml;
  const title = `${preview.title} · ${productName}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${e(title)}</title>
<meta name="description" content="${e(preview.description)}">
<meta property="og:type" content="music.song">
<meta property="og:site_name" content="${e(productName)}">
<meta property="og:title" content="${e(preview.title)}">
<meta property="og:description" content="${e(preview.description)}">
<meta property="og:url" content="${e(preview.url)}">
<meta property="og:image" content="${e(preview.imageUrl)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="${e(`Waveform of ${preview.title}`)}">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:title" content="${e(preview.title)}">
<meta name="twitter:description" content="${e(preview.description)}">
<meta name="twitter:image" content="${e(preview.imageUrl)}">
<meta name="twitter:image:alt" content="${e(`Waveform of ${preview.title}`)}">
<link rel="canonical" href="${e(preview.url)}">
<meta http-equiv="refresh" content="0; url=${e(preview.pageUrl)}">
</head>
<body>
<main><h1>${e(preview.title)}</h1><p>${e(preview.description)}</p><p><a href="${e(preview.pageUrl)}">Open the beat</a></p></main>
</body>
</html>
`;
}

/** The link page of a link that is not (or no longer) shared. */
export function notSharedHtml(productName: string, webOrigin: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Not found · ${escapeHtml(productName)}</title><meta name="robots" content="noindex"></head>
<body><main><h1>This beat is not shared</h1><p>The link is wrong, or its owner stopped sharing the beat.</p><p><a href="${escapeHtml(webOrigin)}">${escapeHtml(productName)}</a></p></main></body></html>
`;
}
