import type { AnnouncementsResponse, SendAnnouncementBody } from '@memoir/shared';
import { api } from '@memoir/web-ui';
import { queryOptions } from '@tanstack/react-query';

import { queryKeys } from '../../../shared/query-keys';

/** How often the list is read again while an announcement is going out. */
const SENDING_REFRESH_MS = 10_000;

/** The announcements sent, newest first, with their progress; read again while one is going out. */
export const announcementsQueryOptions = queryOptions({
  queryKey: queryKeys.announcements,
  queryFn: () => api.call('listAnnouncements'),
  refetchInterval: (query: { state: { data?: AnnouncementsResponse } }) =>
    query.state.data?.announcements.some(({ status }) => status !== 'sent') === true ? SENDING_REFRESH_MS : false,
});

/** Sends the announcement to the readers, or with `test` one copy to the owner. */
export const sendAnnouncement = (body: SendAnnouncementBody) => api.call('sendAnnouncement', { body });
