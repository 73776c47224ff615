import type { SiteContent } from '@memoir/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';

import { StaticHero } from './features/hero/hero-content';
import { escapeHtml, headTags } from './head';
import { LandingRoot } from './landing-root';
import { siteDataElement, type SiteData } from './shared/site-data';

export { FALLBACK_SITE_DATA } from './shared/site-data';
export type { SiteData };

/** Where index.html takes the server's parts (a build without them cannot be served whole). */
export const MARKERS = {
  head: '<!--memoir:head-->',
  body: '<!--memoir:body-->',
  root: '<div id="root"></div>',
} as const;

/** The words of the banner above a draft's preview (`/preview/<token>`). */
export const PREVIEW_BANNER = 'Preview of your draft: visitors do not see this yet.';

export interface PageOptions {
  /** PUBLIC_BASE_URL without a trailing slash: the head's absolute URLs start with it. */
  readonly base: string;
  /** A draft's preview: not indexed, and a banner says so. */
  readonly preview?: boolean;
}

function fill(template: string, parts: { readonly head: string; readonly body: string; readonly root: string }) {
  for (const marker of Object.values(MARKERS)) {
    if (!template.includes(marker)) throw new Error(`index.html has no ${marker}`);
  }
  // Functions as replacements: a `$` in the content is text, not a replacement pattern.
  return template
    .replace(MARKERS.head, () => parts.head)
    .replace(MARKERS.body, () => parts.body)
    .replace(MARKERS.root, () => parts.root);
}

/**
 * The landing page, whole: `template` (the built index.html) with the head's tags from the
 * content, the skip link and the hero before #root (never replaced by React, so the first
 * paint is the largest), every section and the footer in #root, and the data the browser
 * hydrates #root with, in a JSON block that never runs. The components are the ones the
 * browser hydrates; React's prerender waits for the lazily loaded sections, so the forms, the
 * share section and Recent Visitors are in the HTML too. React escapes every text and
 * attribute: nothing in the content is read as HTML.
 */
export async function renderLandingPage(template: string, data: SiteData, options: PageOptions): Promise<string> {
  const { prelude } = await prerender(<LandingRoot data={data} />, {
    // One piece: no boundary written apart and moved in place by an inline script (the CSP runs none).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const root = await new Response(prelude).text();
  const banner = options.preview
    ? `<p class="preview-banner" role="status">${escapeHtml(PREVIEW_BANNER)}</p>\n    `
    : '';
  return fill(template, {
    head: `${headTags(data.content, options.base, data.shareKey)}${options.preview ? '\n    <meta name="robots" content="noindex" />' : ''}`,
    body: `${banner}${renderToStaticMarkup(<StaticHero content={data.content} cover={data.media?.cover} />)}`,
    root: `<div id="root">${root}</div>\n    ${siteDataElement(data)}`,
  });
}

/**
 * The page for any other address: the same head, an empty #root in which the browser shows
 * the not-found screen.
 */
export function renderShell(template: string, content: SiteContent, options: PageOptions): string {
  return fill(template, { head: headTags(content, options.base), body: '', root: MARKERS.root });
}
