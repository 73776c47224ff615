import { describeHttpApi } from './http-api.suite';
import { sqliteTestDatabase } from './support/test-app';

describeHttpApi('SQLite', sqliteTestDatabase);
