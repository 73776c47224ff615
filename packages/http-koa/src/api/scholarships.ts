import {
  scholarshipRequestRecord,
  type DeliveryState as DomainDeliveryState,
  type ScholarshipRequest as DomainRequest,
  type ScholarshipRequestWithDelivery,
} from '@memoir/domain';
import type { DeliveryState, ScholarshipRequest } from '@memoir/shared';

import type { CsvValue } from '../csv';
import { actor, BULK_ERRORS, error, FORM_ERRORS, idOf, LIST_ERRORS, orFail } from './calls';
import { formSubmission } from './public-forms';
import { subscribing } from './readers';
import { queueCalls } from './review-queue';
import type { Capability } from './route-spec';

/* Free-PDF requests: the public form, the owner's decisions, and the emails and links after them. */

const isoOrNull = (date: Date | null): string | null => date?.toISOString() ?? null;

export const presentRequest = (request: DomainRequest): ScholarshipRequest => scholarshipRequestRecord(request);

export const presentDeliveryState = (state: DomainDeliveryState): DeliveryState => ({
  kind: state.kind === 'rejection' ? 'rejection' : 'approval',
  status: state.status,
  attempts: state.attempts,
  lastError: state.lastError,
  queuedAt: state.queuedAt.toISOString(),
  sentAt: isoOrNull(state.sentAt),
  linkExpiresAt: isoOrNull(state.linkExpiresAt),
  linkRevokedAt: isoOrNull(state.linkRevokedAt),
  downloadCount: state.downloadCount,
});

/** A request in the owner's list: with where its email stands. */
export const presentRequestWithDelivery = (request: ScholarshipRequestWithDelivery): ScholarshipRequest => ({
  ...presentRequest(request),
  delivery: request.delivery === null ? null : presentDeliveryState(request.delivery),
});

/** The columns of the CSV export: the list's fields, times in ISO 8601 (UTC). */
export const SCHOLARSHIP_CSV_HEADER = [
  'id',
  'createdAt',
  'status',
  'name',
  'email',
  'message',
  'decidedAt',
  'adminNotes',
  'emailStatus',
  'downloads',
] as const;

export const scholarshipCsvRow = (request: ScholarshipRequestWithDelivery): CsvValue[] => [
  request.id,
  request.createdAt,
  request.status,
  request.name,
  request.email,
  request.message,
  request.decidedAt,
  request.adminNotes,
  request.delivery?.status ?? null,
  request.delivery?.downloadCount ?? null,
];

export const scholarshipRoutes: Capability<
  | 'submitScholarshipRequest'
  | 'listScholarshipRequests'
  | 'exportScholarshipRequests'
  | 'bulkDecideScholarshipRequests'
  | 'decideScholarshipRequest'
  | 'resendDelivery'
  | 'revokeDownloadLink'
  | 'deliveryTimeline'
> = (options) => {
  const { useCases } = options;
  const queue = queueCalls({
    list: useCases.listScholarshipRequests,
    bulk: useCases.bulkDecideScholarshipRequests,
    present: presentRequestWithDelivery,
    csv: { file: 'scholarship-requests', header: SCHOLARSHIP_CSV_HEADER, row: scholarshipCsvRow },
  });
  return {
    submitScholarshipRequest: {
      summary: 'Ask for the free PDF',
      answered: 'Received',
      errors: FORM_ERRORS,
      handle: (input) =>
        formSubmission(
          options,
          'scholarship',
          subscribing(options, input.ctx, 'scholarship', useCases.submitScholarshipRequest),
        )(input),
    },
    listScholarshipRequests: {
      summary:
        'Scholarship requests, newest first, a page at a time. Without parameters: a first page of pending requests, the 10 newest approved and the 5 newest rejected; nextCursor continues the pending ones',
      answered: 'A page (at most 64 KB of JSON)',
      errors: LIST_ERRORS,
      handle: async ({ query }) => {
        const { items, ...page } = await queue.page(query);
        return { success: true, requests: items, ...page };
      },
    },
    exportScholarshipRequests: {
      summary: 'The requests as CSV, with the list filters, every matching request (no paging)',
      csv: 'request',
      errors: LIST_ERRORS,
      handle: queue.exportCsv,
    },
    bulkDecideScholarshipRequests: {
      summary: 'Approve or reject many pending requests with one note; each decided and audited on its own',
      answered: 'How each item went (a request no longer pending fails alone)',
      errors: BULK_ERRORS,
      handle: queue.bulk,
    },
    decideScholarshipRequest: {
      summary: 'Decide a pending request',
      answered: 'Decided',
      errors: {
        '400': error('A field breaks a rule'),
        '404': error('No such request'),
        '409': error('The request is no longer pending'),
      },
      handle: async ({ ctx, body, params }) => {
        const request = orFail(
          await useCases.decideScholarshipRequest.execute({ id: idOf(params), ...body }, actor(ctx)),
        );
        return { success: true, request: presentRequest(request) };
      },
    },
    resendDelivery: {
      summary: "Send an approved request's PDF again: a new email with a new private link (audited)",
      answered: 'Queued: the worker sends it within seconds',
      errors: {
        '404': error('No such request'),
        '409': error('The request is not approved, or its PDF is already queued'),
      },
      handle: async ({ ctx, params }) => {
        orFail(await useCases.resendDelivery.execute(idOf(params), actor(ctx)));
        return { success: true };
      },
    },
    revokeDownloadLink: {
      summary:
        "Withdraw a request's download links: they stop working at once and their kept copies are removed (audited)",
      answered: 'Revoked',
      errors: { '404': error('No such request'), '409': error('The request has no working download link') },
      handle: async ({ ctx, params }) => {
        const { revoked } = orFail(await useCases.revokeDownloadLink.execute(idOf(params), actor(ctx)));
        return { success: true, revoked };
      },
    },
    deliveryTimeline: {
      summary:
        "What became of the emails to a request's requester: each one's timeline (queued, each failed attempt, " +
        'accepted by the mail server, bounced or marked as spam, the download page opened, downloads, the link ' +
        'revoked) and why one was not sent',
      answered: 'The emails, oldest first (none while the request is pending)',
      errors: { '404': error('No such request') },
      handle: async ({ params }) => {
        const deliveries = orFail(await useCases.deliveryTimeline.execute(idOf(params)));
        return {
          deliveries: deliveries.map((delivery) => ({
            ...delivery,
            events: delivery.events.map((event) => ({ ...event, at: event.at.toISOString() })),
          })),
        };
      },
    },
  };
};
