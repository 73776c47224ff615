import { describeAdminLists } from './admin-lists.suite';
import { mysqlTestDatabase } from './support/test-app';

describeAdminLists('MySQL (MariaDB)', mysqlTestDatabase);
