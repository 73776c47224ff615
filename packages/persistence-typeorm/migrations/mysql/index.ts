import { AuditChain1796083200000 } from './1796083200000-audit-chain';
import { AdminSecurity1796169600000 } from './1796169600000-admin-security';
import { AdminLists1795737600000 } from './1795737600000-admin-lists';
import { DeliveryLinks1795305600000 } from './1795305600000-delivery-links';
import { Deliveries1795262400000 } from './1795262400000-deliveries';
import { InitialSchema1795219200000 } from './1795219200000-initial-schema';
import { SearchIndex1795910400000 } from './1795910400000-search-index';

/** Every MySQL migration, oldest first. Add new ones at the end. */
export const MYSQL_MIGRATIONS = [
  InitialSchema1795219200000,
  Deliveries1795262400000,
  DeliveryLinks1795305600000,
  AdminLists1795737600000,
  SearchIndex1795910400000,
  AuditChain1796083200000,
  AdminSecurity1796169600000,
];
