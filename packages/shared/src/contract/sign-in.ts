import { Field } from './fields';

/*
 * Signing in and out (POST /api/admin/login, /login/two-factor, /logout, GET /me). Passwords
 * are capped at 1,024 characters here: long enough for any passphrase, short enough that
 * hashing one costs nothing unusual.
 */

export const PASSWORD_CAP = 1024;

export class AdminUser {
  @Field.text('id', { format: 'uuid' }) id!: string;
  @Field.text('username') username!: string;
}

export class LoginBody {
  @Field.text('Username', { cap: 256 }) username!: string;
  @Field.text('Password', { cap: PASSWORD_CAP }) password!: string;
}

export class LoginResponse {
  @Field.constant(true) success!: true;
  @Field.text('sessionToken', { minLength: 43 }) sessionToken!: string;
  @Field.nested(() => AdminUser) user!: AdminUser;
  @Field.text('expiresAt', { format: 'date-time' }) expiresAt!: string;
}

/** `POST /api/admin/login` for an account with two-factor on: no session yet, the code next. */
export class TwoFactorRequiredResponse {
  @Field.constant(false) success!: false;
  @Field.constant(true) twoFactorRequired!: true;
  /** Give it back with the code to `POST /api/admin/login/two-factor`; single-use, 5 minutes. */
  @Field.text('challenge', { minLength: 43, description: 'For POST /api/admin/login/two-factor' })
  challenge!: string;
  @Field.text('expiresAt', { format: 'date-time' }) expiresAt!: string;
  @Field.text('error') error!: string;
}

export class TwoFactorLoginBody {
  @Field.text('Challenge', { cap: 256 }) challenge!: string;
  @Field.text('Code', {
    cap: 64,
    description: 'The 6-digit code of the authenticator app, or a recovery code',
  })
  code!: string;
}

export class MeResponse {
  @Field.constant(true) success!: true;
  @Field.nested(() => AdminUser) user!: AdminUser;
}
