import { describeAdminLists } from './admin-lists.suite';
import { sqliteTestDatabase } from './support/test-app';

describeAdminLists('SQLite', sqliteTestDatabase);
