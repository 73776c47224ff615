import type { ApiResponse } from '@memoir/shared';

/* The site-content calls' answers under the names the editor uses, read from the route table. */
export type SiteContentData = ApiResponse<'siteContent'>;
export type SiteDraft = SiteContentData['draft'];
export type SitePreview = ApiResponse<'previewSiteContent'>;
export type SiteVersion = ApiResponse<'siteContentVersions'>['versions'][number];
