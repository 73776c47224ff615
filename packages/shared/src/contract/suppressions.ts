import { Field } from './fields';

/* Suppressions: the addresses that bounced hard or complained, which get no more mail. */

export class SuppressionItem {
  @Field.text('email', { description: 'The address, in lower case' }) email!: string;
  @Field.oneOf('reason', ['bounce', 'complaint'], {
    description: 'bounce: the receiving server said the address does not exist; complaint: marked as spam',
  })
  reason!: 'bounce' | 'complaint';
  @Field.text('at', { format: 'date-time', description: 'When the latest bounce or complaint came' }) at!: string;
}

export class SuppressionsResponse {
  @Field.list(() => SuppressionItem, { description: 'The newest first (at most 1000)' })
  suppressions!: readonly SuppressionItem[];
}

/* /request-status: a requester's link mailed again, with one answer for every address. */

export class RequestStatusBody {
  @Field.text('Email', { format: 'email', maxLength: 254 }) email!: string;
  @Field.text('Riddle answer', {
    optional: true,
    maxLength: 100,
    description: "The request form's riddle, when the page asks it; the rate limit is what guards this call",
  })
  riddleAnswer?: string;
}

export class RequestStatusResponse {
  @Field.constant(true) success!: true;
  @Field.text('message', {
    description: 'Always "If a request exists for this address, we have emailed it again.", whatever the address',
  })
  message!: string;
}
