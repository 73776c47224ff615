import { describeErasure } from './erasure.suite';
import { mysqlTestDatabase } from './support/test-app';

describeErasure('MySQL (MariaDB)', mysqlTestDatabase);
