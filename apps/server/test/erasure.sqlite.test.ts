import { describeErasure } from './erasure.suite';
import { sqliteTestDatabase } from './support/test-app';

describeErasure('SQLite', sqliteTestDatabase);
