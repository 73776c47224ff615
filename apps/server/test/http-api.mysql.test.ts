import { describeHttpApi } from './http-api.suite';
import { mysqlTestDatabase } from './support/test-app';

describeHttpApi('MySQL (MariaDB)', mysqlTestDatabase);
