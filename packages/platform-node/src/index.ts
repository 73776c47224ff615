export * from './argon2id-password-hasher';
export * from './random-secret-tokens';
export * from './sha256-hex';
export * from './random-uuid-generator';
export * from './worker-pool-book-stamper';
export * from './otpauth-two-factor-secrets';
export * from './file-stamped-copies';
export * from './sharp-image-processor';
