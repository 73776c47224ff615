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
