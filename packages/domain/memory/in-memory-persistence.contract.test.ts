import { describePersistenceContract, describePasswordHasherContract, describeSecretTokensContract } from '../testing';
import { createInMemoryPersistence, FakePasswordHasher, FakeSecretTokens } from './index';

describePersistenceContract('in-memory', async () => createInMemoryPersistence());
describePasswordHasherContract('fake', () => new FakePasswordHasher());
describeSecretTokensContract('fake', () => new FakeSecretTokens());
