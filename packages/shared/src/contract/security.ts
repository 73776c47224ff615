import { Field } from './fields';
import { PASSWORD_CAP } from './sign-in';

/* The Security screen: two-factor sign-in, one's own sessions, the password, the admins. */

/** One of the signed-in admin's own sessions. */
export class OwnSession {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.boolean('current', { description: 'The session making this call' }) current!: boolean;
  @Field.text('userAgent', { nullable: true }) userAgent!: string | null;
  @Field.text('ipAddress', { nullable: true }) ipAddress!: string | null;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.text('lastSeenAt', { format: 'date-time', description: 'Written at most once a minute' })
  lastSeenAt!: string;
}

export class SecurityResponse {
  @Field.constant(true) success!: true;
  @Field.boolean('twoFactorEnabled') twoFactorEnabled!: boolean;
  @Field.list(() => OwnSession) sessions!: readonly OwnSession[];
}

export class TwoFactorSetupResponse {
  @Field.constant(true) success!: true;
  @Field.text('secret') secret!: string;
  @Field.text('otpauthUri') otpauthUri!: string;
}

export class CodeBody {
  @Field.text('Code', { cap: 64 }) code!: string;
}

export class RecoveryCodesResponse {
  @Field.constant(true) success!: true;
  @Field.texts('recoveryCodes', { minItems: 10, maxItems: 10 }) recoveryCodes!: readonly string[];
}

/** A password given again to confirm a change. */
export class PasswordBody {
  @Field.text('Password', { cap: PASSWORD_CAP }) password!: string;
}

export class EndOtherSessionsResponse {
  @Field.constant(true) success!: true;
  @Field.count('ended') ended!: number;
}

export class ChangePasswordBody {
  @Field.text('Current password', { cap: PASSWORD_CAP }) currentPassword!: string;
  @Field.text('New password', { cap: PASSWORD_CAP }) newPassword!: string;
}

export class ChangePasswordResponse {
  @Field.constant(true) success!: true;
  @Field.count('endedSessions') endedSessions!: number;
}

/** An admin account as the Security screen lists it. */
export class Admin {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('username') username!: string;
  @Field.text('createdAt', { format: 'date-time' }) createdAt!: string;
  @Field.boolean('twoFactorEnabled') twoFactorEnabled!: boolean;
}

export class AdminsResponse {
  @Field.constant(true) success!: true;
  @Field.list(() => Admin) admins!: readonly Admin[];
}

export class AddAdminBody {
  @Field.text('Username', { cap: 256 }) username!: string;
}

export class AddAdminResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => Admin) admin!: Admin;
  /** Shown this once: the new admin signs in with it and changes it on the Security screen. */
  @Field.text('temporaryPassword', { minLength: 43 }) temporaryPassword!: string;
}
