import { describeHostileInput } from '../support/hostile-input/hostile-app';

/**
 * Every operation of the OpenAPI document gets hostile headers (support/hostile-input/headers.ts):
 * X-Forwarded-For that holds no address (the app trusts it here), request ids and user agents
 * of every length, Host, Range, made-up names, and an Authorization that is forged, malformed
 * or missing, with the path and body as the apps send them.
 */
describeHostileInput('headers', 'hostile headers and Authorization values');
