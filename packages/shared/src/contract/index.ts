/*
 * The API's bodies, queries and answers as classes (the server's entry: `@memoir/shared/contract`).
 * The apps import these as types only, from `@memoir/shared`, so they never load class-validator.
 */
export * from './analytics';
export * from './announcements';
export * from './audit-log';
export * from './common';
export * from './crackme';
export * from './dashboard';
export * from './fields';
export * from './guestbook';
export * from './mail-health';
export * from './media';
export * from './personal-data';
export * from './scholarships';
export * from './security';
export * from './sign-in';
export * from './site-content';
export * from './suppressions';
export * from './by-name';
export * from './readers';
