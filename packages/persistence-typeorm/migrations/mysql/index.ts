import { Growth1796342400000 } from './1796342400000-growth';
import { AuditChain1796428800000 } from './1796428800000-audit-chain';
import { AdminSecurity1796515200000 } from './1796515200000-admin-security';
import { RevokedLinks1796601600000 } from './1796601600000-revoked-links';
import { SiteContent1796688000000 } from './1796688000000-site-content';
import { Suppressions1796774400000 } from './1796774400000-suppressions';
import { Media1796860830000 } from './1796860830000-media';
import { Readers1796904000000 } from './1796904000000-readers';
import { ReaderList1797033600000 } from './1797033600000-reader-list';
import { DeliveryEvents1797120000000 } from './1797120000000-delivery-events';
import { Announcements1797206400000 } from './1797206400000-announcements';
import { ReviewReminders1797292800000 } from './1797292800000-review-reminders';
import { ReaderWebhooks1797382800000 } from './1797382800000-reader-webhooks';
import { DeliveriesByKind1797469200000 } from './1797469200000-deliveries-by-kind';
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
  Growth1796342400000,
  AuditChain1796428800000,
  AdminSecurity1796515200000,
  RevokedLinks1796601600000,
  SiteContent1796688000000,
  Suppressions1796774400000,
  Media1796860830000,
  Readers1796904000000,
  ReaderList1797033600000,
  DeliveryEvents1797120000000,
  Announcements1797206400000,
  ReviewReminders1797292800000,
  ReaderWebhooks1797382800000,
  DeliveriesByKind1797469200000,
];
