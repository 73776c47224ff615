import { BUY_FORMATS } from '@memoir/shared';
import { ErrorBody, MediaUploadResponse, refTo } from '@memoir/shared/contract';

/*
 * Over 400 lines: one declarative list, a short entry per path, read top to bottom.
 * The paths outside the JSON API, for the API reference: the probes, the metrics, the download
 * link's pages, the privacy notice and the reference itself. Their answers are pages, files and
 * plain objects, written here as they are.
 */

type Schema = Record<string, unknown>;

const string = { type: 'string' };
const json = (schema: Schema) => ({ 'application/json': { schema } });
const response = (description: string, schema: Schema) => ({ description, content: json(schema) });
const object = (properties: Record<string, Schema>): Schema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});
const error = (description: string, headers?: Record<string, unknown>) => ({
  description,
  content: json({ $ref: refTo(ErrorBody) }),
  ...(headers === undefined ? {} : { headers }),
});
/** Anyone may ask: no credentials. */
const open = { security: [] };

const tokenParameter = {
  name: 'token',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$' },
};

/** What a download address answers for a link that does not work (friendly HTML pages). */
const linkPages = {
  '404': { description: 'Not a valid link (an HTML page)', content: { 'text/html': { schema: string } } },
  '410': {
    description: 'Expired, used up or withdrawn (an HTML page saying how to ask again)',
    content: { 'text/html': { schema: string } },
  },
};

/** The button's answer when the copy cannot be made now: nothing counted, and the page asks again by itself. */
const copyNotNow = {
  description:
    "The stamping queue is over its bytes of book or its time (busy, with Retry-After), or the copy could not be made: an HTML page that asks again at `/download/{token}/wait` after Retry-After's seconds; not counted",
  headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait (busy only)' } },
  content: { 'text/html': { schema: string } },
};

export const OTHER_PATHS = {
  '/healthz': {
    get: {
      operationId: 'healthz',
      ...open,
      summary: 'The process is up',
      responses: { '200': response('Up', object({ status: { type: 'string', const: 'ok' } })) },
    },
  },
  '/readyz': {
    get: {
      operationId: 'readyz',
      ...open,
      summary: 'The database answers and the process is not shutting down',
      responses: {
        '200': response('Ready', object({ status: { type: 'string', const: 'ready' } })),
        '503': response('Not ready', object({ status: { type: 'string', const: 'not ready' } })),
      },
    },
  },
  '/metrics': {
    get: {
      operationId: 'metrics',
      summary: 'Prometheus metrics (never on the public host)',
      description:
        'With ADMIN_HOST set, served on that host only; with METRICS_TOKEN set, only with ' +
        '`Authorization: Bearer <token>`; without ADMIN_HOST, only with the token (no token configured: 404).',
      security: [{ bearer: [] }],
      responses: {
        '200': {
          description: "Prometheus's text format",
          content: { 'text/plain': { schema: string } },
        },
        '401': error('A missing or wrong token', { 'WWW-Authenticate': { schema: string } }),
        '404': error('Not served here'),
      },
    },
  },
  '/download/{token}': {
    get: {
      operationId: 'downloadPage',
      ...open,
      summary: "The approval email's private link: a landing page that counts nothing",
      description:
        'Names the book and the reader, says how many downloads (DOWNLOAD_LINK_MAX_DOWNLOADS) and how long ' +
        '(DOWNLOAD_LINK_TTL) are left, and has a "Download your copy" button (a form that POSTs to the same address). ' +
        'A GET or HEAD counts nothing, so a mail scanner that opens the link uses nothing up. An unknown, expired, ' +
        'used-up or withdrawn link gets a friendly HTML page saying what to do.',
      parameters: [tokenParameter],
      responses: {
        '200': { description: 'The landing page', content: { 'text/html': { schema: string } } },
        ...linkPages,
      },
    },
    post: {
      operationId: 'downloadCopy',
      ...open,
      summary: "The landing page's button: make (once) the reader's stamped copy, then count one download",
      description:
        'The copy is made once per link and kept; a download is counted only once it exists. The answer sends the ' +
        'browser on to the copy itself. A copy that waits in the stamping queue longer than a moment (a crowd of ' +
        'readers) is a page saying it is being made, which asks again by itself; a copy that cannot be made now ' +
        'counts nothing, and its page also asks again by itself. Those pages set a cookie (`copy_asked`, the ' +
        "link's own path) that `/download/{token}/wait` needs.",
      parameters: [tokenParameter],
      responses: {
        '202': {
          description:
            'The copy is being made: an HTML page that asks again at `/download/{token}/wait` every 2 s ' +
            '(`<meta http-equiv="refresh">`, no script); not counted yet',
          headers: { 'Set-Cookie': { schema: string } },
          content: { 'text/html': { schema: string } },
        },
        '303': {
          description: 'Counted: `Location` is `/download/{token}/file`',
          headers: { Location: { schema: string } },
        },
        ...linkPages,
        '503': copyNotNow,
      },
    },
  },
  '/api/mail-events/{provider}': {
    post: {
      operationId: 'mailEvent',
      security: [{}, { basic: [] }],
      summary: "A mail provider's bounce or complaint: a hard bounce or a complaint suppresses the address",
      description:
        'Off (404) without MAIL_EVENTS_SECRET. Each provider is checked its own way, before anything is read: ' +
        '`ses`, an Amazon SNS message (SES notifications, posted as text/plain), its SNS signature checked with the ' +
        "certificate at SigningCertURL (https on sns.<region>.amazonaws.com only), and the subscription URL's " +
        'basic-auth password MAIL_EVENTS_SECRET; a subscription confirmation is confirmed. `postmark`, its Bounce and ' +
        'SpamComplaint webhooks, with basic auth whose password is MAIL_EVENTS_SECRET. `mailgun`, its JSON webhooks, ' +
        '`signature.signature` the HMAC-SHA256 of timestamp and token with the signing key MAIL_EVENTS_SECRET. A soft ' +
        'bounce is counted; the third of an address within 3 days suppresses it. Replays (an event id seen before) and ' +
        'events outside their window (1 hour; Postmark 12 hours) are refused. At most 300 KB.',
      parameters: [
        {
          name: 'provider',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: ['ses', 'postmark', 'mailgun'] },
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { type: 'object' } }, 'text/plain': { schema: string } },
      },
      responses: {
        '200': response(
          'Recorded, or an event that changes nothing (a delivery, an open)',
          object({ success: { const: true } }),
        ),
        '400': error('Not JSON, or not an event this provider sends'),
        '401': error('A wrong signature or wrong credentials'),
        '404': error('Not one of the providers, or MAIL_EVENTS_SECRET is not set'),
        '409': error('A replay, or an event outside its window'),
        '413': error('More than 300 KB'),
      },
    },
  },
  '/download/{token}/wait': {
    get: {
      operationId: 'downloadWait',
      ...open,
      summary: 'Where the page of a copy being made (or of a busy stamper) asks again',
      description:
        "With the button's cookie, the same as the button: the copy once it is made, counted, as a page that starts " +
        'the download at once (and links to it); still being made, the same 202 page; busy or failed, the 503 page. ' +
        'Without the cookie (or as HEAD), a 303 to the landing page, counting nothing.',
      parameters: [tokenParameter],
      responses: {
        '200': {
          description:
            'Counted: an HTML page whose `<meta http-equiv="refresh">` goes to `/download/{token}/file` at once',
          content: { 'text/html': { schema: string } },
        },
        '202': {
          description: 'Still being made: the same page again',
          content: { 'text/html': { schema: string } },
        },
        '303': {
          description: 'No cookie: back to the landing page',
          headers: { Location: { schema: string } },
        },
        ...linkPages,
        '503': copyNotNow,
      },
    },
  },
  '/download/{token}/file': {
    get: {
      operationId: 'downloadFile',
      ...open,
      summary: "The reader's kept copy, after a counted download: resumable, counting nothing",
      description:
        'Works while the link works and for 24 hours after its last counted download; before a counted download ' +
        '(or after those 24 hours) it sends the browser back to the landing page. One byte range per request ' +
        '(`Range`, honouring `If-Range`); `ETag`, `Last-Modified`, `Cache-Control: private, no-store`.',
      parameters: [
        tokenParameter,
        { name: 'Range', in: 'header', schema: string, description: 'One range: bytes=a-b, bytes=a- or bytes=-n' },
        { name: 'If-Range', in: 'header', schema: string, description: "The copy's ETag or Last-Modified" },
      ],
      responses: {
        '200': {
          description: 'The whole PDF, stamped with the name and email of the request',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        '206': {
          description: 'The range asked for (`Content-Range`)',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        '303': {
          description: 'No download to resume: back to the landing page',
          headers: { Location: { schema: string } },
        },
        ...linkPages,
        '416': { description: 'The range starts past the end (`Content-Range: bytes */size`)' },
        '503': {
          description: 'The copy had to be made again and could not be now: an HTML page',
          content: { 'text/html': { schema: string } },
        },
      },
    },
  },
  '/privacy': {
    get: {
      operationId: 'privacyNotice',
      ...open,
      summary:
        'The privacy notice: what the site stores, why, for how long, who sees it, how to ask for access or erasure',
      description:
        'An HTML page built from the running configuration (the RETENTION_* periods, DOWNLOAD_LINK_TTL, ' +
        'DOWNLOAD_LINK_MAX_DOWNLOADS, FORM_RATE_LIMIT, OWNER_EMAIL), so that it states the periods the server applies.',
      responses: { '200': { description: 'The notice', content: { 'text/html': { schema: string } } } },
    },
  },
  '/request-status': {
    get: {
      operationId: 'requestStatusPage',
      ...open,
      summary: 'I never got the email: a form for the address, and how to read the PDF on a phone or a Kindle',
      responses: { '200': { description: 'The page (no script)', content: { 'text/html': { schema: string } } } },
    },
    post: {
      operationId: 'requestStatusForm',
      ...open,
      summary: "The page's form (`email`, form-encoded): the same page for every address, as POST /api/request-status",
      description:
        'Says "If a request exists for this address, we have emailed it again." whatever the address, and mails an ' +
        "approved request's link again as POST /api/request-status does.",
      requestBody: {
        content: { 'application/x-www-form-urlencoded': { schema: object({ email: string }) } },
      },
      responses: {
        '200': { description: 'The answer, the same for every address', content: { 'text/html': { schema: string } } },
        '400': { description: 'Not an email address: the form again', content: { 'text/html': { schema: string } } },
        '429': {
          description: 'Too many tries from this network (FORM_RATE_LIMIT): the form again',
          headers: { 'Retry-After': { schema: string } },
          content: { 'text/html': { schema: string } },
        },
      },
    },
  },
  ...readerPage('/readers/confirm', 'Confirm', 'confirms the reader (once; the link works for 14 days)'),
  ...readerPage('/readers/unsubscribe', 'Unsubscribe', 'takes the reader off the list at once'),
  ...reviewReminderPage(),
  '/go/{format}': {
    get: {
      operationId: 'storeLink',
      ...open,
      summary:
        "An email's link to a store: a redirect to the store's published address (a buy_click when a browser opens it), or to the page's buy section when the store is no longer listed",
      parameters: [{ name: 'format', in: 'path', required: true, schema: { type: 'string', enum: [...BUY_FORMATS] } }],
      responses: {
        '302': {
          description: "To the store's address, or to `/#buy`; never cached",
          headers: { Location: { schema: string } },
        },
        '404': {
          description: 'Not a format of the buy links (an HTML page)',
          content: { 'text/html': { schema: string } },
        },
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'openApiDocument',
      ...open,
      summary: 'This document',
      responses: { '200': response('OpenAPI 3.1', { type: 'object' }) },
    },
  },
  '/api/admin/media/{kind}': {
    post: {
      operationId: 'uploadMedia',
      security: [{ bearer: [] }],
      summary: 'Upload the book, the cover or the author photo: judged whole, then it replaces the one in use',
      description:
        'Two forms, for every kind: the file as the body with its own Content-Type (an image’s alt text in `?alt=`), or ' +
        '`multipart/form-data` with the fields `alt` (images) and `file`. The type is told by the bytes, not the header ' +
        'or the name: the book must be a PDF the stamping engine can plan (every page, its cross-reference section), at ' +
        'most BOOK_MAX_BYTES (200 MB by default); an image JPEG, PNG or WebP (never SVG), at most 20 MB and 40 megapixels, ' +
        'decoded, turned upright, stripped of its metadata and re-encoded in the sizes the page uses. Nothing is replaced ' +
        'on a refusal. Audited as media_replaced. The upload is streamed to disk, never held whole in memory.',
      parameters: [
        {
          name: 'kind',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: ['book', 'cover', 'author-photo'] },
        },
        {
          name: 'alt',
          in: 'query',
          required: false,
          schema: { type: 'string', maxLength: 250 },
          description: 'An image’s alt text (the raw form)',
        },
      ],
      requestBody: {
        required: true,
        content: {
          'application/pdf': { schema: { type: 'string', format: 'binary' } },
          'image/*': { schema: { type: 'string', format: 'binary' } },
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { alt: { type: 'string', maxLength: 250 }, file: { type: 'string', format: 'binary' } },
              required: ['file'],
            },
          },
        },
      },
      responses: {
        '201': response('Uploaded: now the one in use', { $ref: refTo(MediaUploadResponse) }),
        '400': error('Empty, cut short, damaged, a book that cannot be planned, or no alt text (fieldErrors.alt)'),
        '401': error('No session, or it expired or was revoked'),
        '404': error('Not book, cover or author-photo'),
        '413': error('Over BOOK_MAX_BYTES (the book), 20 MB or 40 megapixels (an image)'),
        '415': error('Not a PDF (the book), or not JPEG, PNG or WebP (an image), by its bytes'),
      },
    },
  },
  '/api/admin/media/book/test-copy': {
    post: {
      operationId: 'bookTestCopy',
      security: [{ bearer: [] }],
      summary: 'A copy of the book new downloads get, stamped for the signed-in owner, to check before readers do',
      responses: {
        '200': {
          description: 'The stamped PDF (attachment; filename="test-copy.pdf")',
          content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
        },
        '401': error('No session, or it expired or was revoked'),
        '503': error('The stamper is busy or could not make the copy'),
      },
    },
  },
  '/media/{file}': {
    get: {
      operationId: 'mediaFile',
      ...open,
      summary: 'An uploaded image, in one of its sizes and formats, named by its content',
      description:
        'Cache-Control: public, max-age=31536000, immutable, and an ETag (If-None-Match answers 304). Only image ' +
        'variants are served here; the book never is.',
      parameters: [
        {
          name: 'file',
          in: 'path',
          required: true,
          schema: { type: 'string', pattern: '^[0-9a-f]{64}\\.(jpg|webp|avif|png)$' },
        },
      ],
      responses: {
        '200': {
          description: 'The image',
          content: Object.fromEntries(
            ['image/jpeg', 'image/webp', 'image/avif', 'image/png'].map((type) => [
              type,
              { schema: { type: 'string', format: 'binary' } },
            ]),
          ),
        },
        '304': { description: 'Not modified' },
        '404': error('No such image'),
      },
    },
  },
};

/** A page of a reader-list email's link: opening it changes nothing; its button (a form POST) does. */
function readerPage(path: string, name: string, what: string) {
  const html = (description: string) => ({ description, content: { 'text/html': { schema: string } } });
  const token = { name: 'token', in: 'query', required: true, schema: string };
  return {
    [path]: {
      get: {
        operationId: `reader${name}Page`,
        ...open,
        summary: `The email link's page: its button ${what}; opening it changes nothing`,
        parameters: [token],
        responses: {
          '200': html('The page with its button, or that it is done'),
          '404': html('Not a link of ours'),
          '410': html('The link expired or was used'),
        },
      },
      post: {
        operationId: `reader${name}Button`,
        ...open,
        summary: `The page's button (\`token\`, form-encoded, no script): ${what}`,
        requestBody: { content: { 'application/x-www-form-urlencoded': { schema: object({ token: string }) } } },
        responses: {
          '200': html('Done'),
          '404': html('Not a link of ours'),
          '410': html('The link expired or was used'),
        },
      },
    },
  };
}

/** The review reminder's two answers: a page per answer, whose button records it once. */
function reviewReminderPage() {
  const html = (description: string) => ({ description, content: { 'text/html': { schema: string } } });
  const answer = { type: 'string', enum: ['reviewed', 'declined'] };
  return {
    '/review-reminder': {
      get: {
        operationId: 'reviewReminderPage',
        ...open,
        summary:
          "The review reminder's answer link: a page whose button records the answer; opening it changes nothing",
        parameters: [
          { name: 'token', in: 'query', required: true, schema: string },
          { name: 'answer', in: 'query', required: true, schema: answer },
        ],
        responses: {
          '200': html('The page with its button, or the answer already given'),
          '404': html('Not a link of ours (or the request was erased)'),
        },
      },
      post: {
        operationId: 'reviewReminderButton',
        ...open,
        summary:
          "The page's button (`token`, `answer`, form-encoded, no script): records the answer once; the first answer stands",
        requestBody: {
          content: { 'application/x-www-form-urlencoded': { schema: object({ token: string, answer }) } },
        },
        responses: { '200': html('Recorded, or the answer already given'), '404': html('Not a link of ours') },
      },
    },
  };
}
