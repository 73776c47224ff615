import { jest } from '@jest/globals';

// A page load, a sign-in (argon2) and a reload take seconds on a busy 2-core machine.
jest.setTimeout(30_000);
