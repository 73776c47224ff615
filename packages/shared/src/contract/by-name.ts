import type { ApiRoute, ContractName } from '../api-routes';
import * as analytics from './analytics';
import * as announcements from './announcements';
import * as auditLog from './audit-log';
import * as common from './common';
import * as crackme from './crackme';
import * as dashboard from './dashboard';
import type { ContractClass } from './fields';
import * as guestbook from './guestbook';
import * as mailHealth from './mail-health';
import * as media from './media';
import * as personalData from './personal-data';
import * as readers from './readers';
import * as scholarships from './scholarships';
import * as security from './security';
import * as signIn from './sign-in';
import * as siteContent from './site-content';
import * as suppressions from './suppressions';

/*
 * The classes by the names API_ROUTES gives them: the server's way from the table (which holds
 * names, so that the apps can load it) to the classes (which carry class-validator).
 */

const MODULES = [
  analytics,
  auditLog,
  common,
  crackme,
  dashboard,
  guestbook,
  mailHealth,
  media,
  personalData,
  readers,
  announcements,
  scholarships,
  security,
  signIn,
  siteContent,
  suppressions,
];
const CLASSES = new Map<string, ContractClass>(
  MODULES.flatMap((module) => Object.entries(module)).filter(
    (entry): entry is [string, ContractClass] => typeof entry[1] === 'function' && /^[A-Z]/.test(entry[0]),
  ),
);

/** The class of the contract a route names. */
export function contractClass(name: ContractName): ContractClass {
  const type = CLASSES.get(name);
  if (type === undefined) throw new Error(`No contract class is named ${name}`);
  return type;
}

/** A route's classes: its body's and query's (absent: none), and its answer's (none for a CSV file). */
export function routeClasses(route: ApiRoute) {
  return {
    body: route.body === undefined ? undefined : contractClass(route.body),
    query: route.query === undefined ? undefined : contractClass(route.query),
    answers:
      route.answer === 'csv'
        ? []
        : (typeof route.answer === 'string' ? [route.answer] : route.answer).map(contractClass),
  };
}
