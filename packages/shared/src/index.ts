export * from './admin-routes';
export * from './api-routes';
export type * from './api-types';
export * from './guestbook-class';
export * from './limits';
export * from './messages';
export * from './wire';
export * from './counted-events';
export * from './site-links';
