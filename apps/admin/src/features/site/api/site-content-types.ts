import type { ApiResponse } from '@memoir/shared';

/*
 * The site-content calls' answers, named. @memoir/shared exports the other contracts' classes
 * as types, but not these (their names would clash with the content's own types there), so they
 * are read from the route table's answers.
 */
export type SiteContentData = ApiResponse<'siteContent'>;
export type SiteDraft = SiteContentData['draft'];
export type SitePreview = ApiResponse<'previewSiteContent'>;
export type SiteVersion = ApiResponse<'siteContentVersions'>['versions'][number];
