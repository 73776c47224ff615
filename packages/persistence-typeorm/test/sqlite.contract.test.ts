import { describePersistenceContract } from '@memoir/domain/testing';

import { openTemporarySqlite } from '../testing';

// A fresh database file for every test, removed afterwards.
describePersistenceContract('SQLite (TypeORM, better-sqlite3)', openTemporarySqlite, { concurrency: 50 });
