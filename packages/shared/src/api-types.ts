/*
 * The API's bodies and answers as the apps see them: types only, erased from the bundles. Each
 * is a class of ./contract, where its fields, rules and schema are written once.
 */
export type * from './contract/analytics';
export type * from './contract/audit-log';
export type * from './contract/common';
export type * from './contract/crackme';
export type * from './contract/dashboard';
export type * from './contract/guestbook';
export type * from './contract/mail-health';
export type * from './contract/media';
export type * from './contract/personal-data';
export type * from './contract/readers';
export type * from './contract/announcements';
export type * from './contract/scholarships';
export type * from './contract/security';
export type * from './contract/sign-in';
export type * from './contract/suppressions';
// The content's own parts (SiteContent, ThemeCard, BuyLink, …) are the interfaces of ../site-content,
// which these classes implement: only the calls' bodies and answers come from here.
export type {
  PublishSiteContentBody,
  SaveSiteDraftBody,
  SiteContentDraft,
  SiteContentPreview,
  SiteContentPublished,
  SiteContentPublishedAnswer,
  SiteContentResponse,
  SiteContentVersion,
  SiteContentVersions,
  SiteDraftSaved,
} from './contract/site-content';
