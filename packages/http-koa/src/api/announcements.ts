import type { AnnouncementSummary } from '@memoir/domain';
import type { AnnouncementItem } from '@memoir/shared';

import { actor, error, orFail } from './calls';
import type { Capability } from './route-spec';

/* Announcements to the confirmed readers: send one (or a test to the owner), and their progress. */

const presentAnnouncement = (summary: AnnouncementSummary): AnnouncementItem => ({
  id: summary.announcement.id,
  subject: summary.announcement.subject,
  createdAt: summary.announcement.createdAt.toISOString(),
  createdBy: summary.createdBy,
  recipients: summary.recipients,
  sent: summary.sent,
  notSent: summary.failed,
  status: summary.status,
});

export const announcementRoutes: Capability<'sendAnnouncement' | 'listAnnouncements'> = ({ useCases }) => ({
  sendAnnouncement: {
    summary:
      'Send an announcement to every confirmed reader whose address takes list mail (audited as announcement_sent), ' +
      'or with `test: true` one copy to OWNER_EMAIL only',
    description:
      'Each reader gets one mail through the outbox, at ANNOUNCE_RATE, with their own unsubscribe link and ' +
      'List-Unsubscribe / List-Unsubscribe-Post headers. A reader who leaves before their turn gets nothing. ' +
      'The answer comes once every mail is queued.',
    answered: 'Queued: the number of mails',
    errors: {
      '400': error('The subject or the text is missing, too long, or not plain text (`fieldErrors` names each)'),
      '409': error('A test, and OWNER_EMAIL is not set'),
      '413': error('The body is over 64 KB (a text at its limit is at most 60 KB)'),
    },
    handle: async ({ ctx, body }) => ({
      announcement: orFail(await useCases.sendAnnouncement.execute(body, actor(ctx))),
    }),
  },
  listAnnouncements: {
    summary: 'The announcements sent, newest first, with their progress read from the outbox',
    answered: 'The announcements (tests are not listed)',
    handle: async () => ({
      announcements: (await useCases.listAnnouncements.execute()).map(presentAnnouncement),
    }),
  },
});
