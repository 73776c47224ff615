import { openTemporarySqlite } from '../testing';
import { describeConcurrency } from './concurrency';

describeConcurrency('SQLite', openTemporarySqlite);
