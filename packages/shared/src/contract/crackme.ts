import { SCHOLARSHIP_LIMITS } from '../limits';
import { Field } from './fields';

/* The crackme's prize: a visitor's claim, and the owner's list of claims. */

export class CrackmeClaimBody {
  @Field.text('Key', { cap: 256, description: 'The key the crackme accepts' }) key!: string;
  @Field.text('Name', { maxLength: SCHOLARSHIP_LIMITS.nameMaxLength }) name!: string;
  @Field.text('Email', { format: 'email', maxLength: SCHOLARSHIP_LIMITS.emailMaxLength }) email!: string;
}

export class CrackmeClaimResponse {
  @Field.constant(true) success!: true;
  @Field.integer('position', { minimum: 1 }) position!: number;
  @Field.boolean('winner') winner!: boolean;
  @Field.text('message') message!: string;
}

export class CrackmeClaim {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.integer('position', { minimum: 1 }) position!: number;
  @Field.text('name') name!: string;
  @Field.text('email') email!: string;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.boolean('winner') winner!: boolean;
  @Field.text('prizeSentAt', { format: 'date-time', nullable: true }) prizeSentAt!: string | null;
}

export class CrackmeClaimsQuery {
  @Field.count('after', {
    optional: true,
    description: 'Claims after this position',
  })
  after?: number;
}

export class CrackmeClaimsResponse {
  @Field.constant(true) success!: true;
  @Field.count('winners') winners!: number;
  @Field.list(() => CrackmeClaim) claims!: readonly CrackmeClaim[];
}

export class PrizeSentResponse {
  @Field.constant(true) success!: true;
  @Field.text('prizeSentAt', { format: 'date-time', nullable: true }) prizeSentAt!: string | null;
}
