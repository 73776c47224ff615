import { createScratchDatabase } from '@memoir/persistence-typeorm/testing';

import { describeLoadWithoutLoss } from './load.suite';

describeLoadWithoutLoss('MariaDB', createScratchDatabase);
