import { DISPLAYED_ID_LENGTH, type AuditActionName } from '@memoir/shared';

/** The badge of spec section 2: LOGIN, LOGOUT, APPROVE, REJECT, or the action upper-cased. */
export function actionBadge(action: string): string {
  const lower = action.toLowerCase();
  if (lower.includes('login')) return 'LOGIN';
  if (lower.includes('logout')) return 'LOGOUT';
  if (lower.includes('approve')) return 'APPROVE';
  if (lower.includes('reject')) return 'REJECT';
  return action.toUpperCase();
}

/**
 * Whether the event is a refusal (a failed sign-in: `login_failed`). Its badge stays LOGIN, as
 * the spec's rule says; this marks it apart at a glance, with its own label and colour.
 */
export function actionFailed(action: string): boolean {
  return /fail/i.test(action);
}

/** One icon for sign-in and sign-out, one for decisions, one for everything else. */
export function actionIcon(action: string): 'session' | 'decision' | 'other' {
  const badge = actionBadge(action);
  if (badge === 'LOGIN' || badge === 'LOGOUT') return 'session';
  if (badge === 'APPROVE' || badge === 'REJECT') return 'decision';
  return 'other';
}

/** "guestbook_entry" becomes "GUESTBOOK ENTRY". */
export const resourceLabel = (resourceType: string): string => resourceType.toUpperCase().replace(/_/g, ' ');

/** The first 8 characters and an ellipsis. */
export const shortId = (id: string): string => `${id.slice(0, DISPLAYED_ID_LENGTH)}...`;

// A string of pretty-printed JSON: its quotes, and what is between them (escapes included).
const JSON_STRING = /"((?:[^"\\]|\\.)*)"/g;

/**
 * The details as `JSON.stringify(details, null, 2)` prints them, cut into the text between
 * strings and the strings' contents (`isString`), so that each string a person wrote can be
 * shown isolated (a <bdi>) without changing a character of the whole.
 */
export function detailsParts(details: unknown): Array<{ readonly text: string; readonly isString: boolean }> {
  const json = JSON.stringify(details, null, 2) ?? '';
  const parts: Array<{ text: string; isString: boolean }> = [];
  let last = 0;
  for (const match of json.matchAll(JSON_STRING)) {
    parts.push({ text: `${json.slice(last, match.index)}"`, isString: false });
    parts.push({ text: match[1] ?? '', isString: true });
    last = match.index + match[0].length - 1;
  }
  parts.push({ text: json.slice(last), isString: false });
  return parts.filter((part) => part.isString || part.text !== '');
}

export const USER_AGENT_SHOWN = 60;
export const truncate = (text: string, max = USER_AGENT_SHOWN): string =>
  text.length > max ? `${text.slice(0, max)}...` : text;

/** How the action filter names each action the log records. */
export const ACTION_LABELS: Readonly<Record<AuditActionName, string>> = {
  login: 'Sign-in',
  login_failed: 'Refused sign-in',
  logout: 'Sign-out',
  approve: 'Approve',
  reject: 'Reject',
  admin_created: 'Admin created',
  password_reset: 'Password reset',
  resend: 'Resend',
  session_ended: 'Session ended',
  password_changed: 'Password changed',
  two_factor_enabled: 'Two-factor on',
  two_factor_disabled: 'Two-factor off',
  recovery_code_used: 'Recovery code used',
  admin_added: 'Admin added',
  admin_removed: 'Admin removed',
  retention: 'Retention',
  erasure: 'Erasure',
  prize_sent: 'Prize sent',
  revoke_link: 'Download link revoked',
  site_content_saved: 'Site draft saved',
  site_content_published: 'Site published',
  site_content_restored: 'Site version restored',
  personal_data_exported: 'Personal data downloaded',
  suppression_removed: 'Suppression lifted',
  media_replaced: 'Media uploaded',
  announcement_sent: 'Announcement sent',
};
