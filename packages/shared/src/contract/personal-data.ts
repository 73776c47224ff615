import { SCHOLARSHIP_LIMITS } from '../limits';
import { Field } from './fields';

/* A person's data: what erasing it would remove, and the erasure. */

/** The address travels in the body, never in a URL: URLs end up in logs and histories. */
export class ErasureBody {
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) email!: string;
}

/** One count of an erasure, with what it counts. */
const counted = (description: string) => Field.count('count', { description });

/** What an erasure removed (or, previewed, would remove), as counts only. */
export class ErasureCounts {
  @counted('Requests made with the address: they lose the person') requests!: number;
  @counted('Of those, pending ones closed as rejected (without an email)') pendingClosed!: number;
  @counted('Emails about them that lost a download link or an error') deliveries!: number;
  @counted('Audit events about them that lost their details') auditEvents!: number;
  @counted('Crackme prize claims that lost the person') crackmeClaims!: number;
  @counted("The address's suppression (a hard bounce or a complaint) that went") suppressions!: number;
  @counted('Copies of emails in the outbox folder that mention the address') sentEmails!: number;
}

export class ErasureResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => ErasureCounts) counts!: ErasureCounts;
}
