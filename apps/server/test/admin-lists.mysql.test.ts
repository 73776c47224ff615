import { jest } from '@jest/globals';

import { describeAdminLists } from './admin-lists.suite';
import { mysqlTestDatabase } from './support/test-app';

// 1,205 audit events through the audit chain's lock take about 3 s alone, more under the whole
// MySQL run on two cores.
jest.setTimeout(30_000);

describeAdminLists('MySQL (MariaDB)', mysqlTestDatabase);
