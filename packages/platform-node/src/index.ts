export * from './argon2id-password-hasher';
export * from './random-session-token-service';
export * from './random-uuid-generator';
export * from './worker-pool-book-stamper';
export * from './otpauth-two-factor-secrets';
export * from './file-stamped-copies';
