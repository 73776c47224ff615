import {
  describePersistenceContract,
  describePasswordHasherContract,
  describeSessionTokenServiceContract,
} from '../testing';
import { createInMemoryPersistence, FakePasswordHasher, FakeSessionTokenService } from './index';

describePersistenceContract('in-memory', async () => createInMemoryPersistence());
describePasswordHasherContract('fake', () => new FakePasswordHasher());
describeSessionTokenServiceContract('fake', () => new FakeSessionTokenService());
