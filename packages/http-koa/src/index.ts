export * from './app';
export * from './deps';
export { STATUS_BY_CODE } from './error-status';
export { parseTrustProxy, TRUST_NO_PROXY, type TrustProxy } from './forwarded';
export { CLIENT_TIMEOUTS, createHttpServer, MAX_CONNECTIONS_PER_ADDRESS } from './http-server';
export { HttpError } from './http-error';
export { clientAddress, isAdminApiPath, isAdminAppPath, isApiPath, securityHeaders } from './middleware';
export { OPENAPI_DOCUMENT } from './openapi';
export { rateLimitAddressKey } from './rate-limit-address';
