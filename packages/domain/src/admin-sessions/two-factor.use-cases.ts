import { ERROR_MESSAGES } from '@memoir/shared';

import { AuditAction, AuditResourceType, newAuditEvent } from '../audit-log/audit-event';
import type { AuditEventRepository } from '../audit-log/audit-event.repository';
import type { RateLimitPolicy, RateLimiter } from '../rate-limiting/rate-limiter';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/id-generator';
import { NO_REQUEST_CONTEXT, type RequestContext } from '../shared/request-context';
import { err, ok, type Result } from '../shared/result';
import type { AdminTransactions } from './admin-transactions';
import type { SessionActor } from './admin-security.use-cases';
import type { SessionPolicy } from './admin-session';
import { checkCurrentPassword } from './admin-credentials';
import { normalizeUsername } from './admin-user';
import type { AdminUserRepository } from './admin-user.repository';
import {
  AdminSessionErrorCode,
  AdminUserErrorCode,
  type AdminSessionError,
  type AdminUserError,
} from './admin-sessions.errors';
import { loginFailedEvent, loginThrottleKeys, securityAlert, startSession, type LogInSuccess } from './log-in.use-case';
import type { PasswordHasher } from './password-hasher';
import type { SecretTokens } from '../shared/secret-tokens';
import { normalizeRecoveryCode, type TwoFactorSecrets } from './two-factor-secrets';
import type { TwoFactorRepository } from './two-factor.repository';

/** How many recovery codes a confirmation makes. */
export const RECOVERY_CODE_COUNT = 10;

export interface TwoFactorDeps {
  readonly adminUsers: AdminUserRepository;
  readonly twoFactor: TwoFactorRepository;
  readonly auditEvents: AuditEventRepository;
  readonly unitOfWork: AdminTransactions;
  readonly secrets: TwoFactorSecrets;
  readonly tokens: SecretTokens;
  readonly passwordHasher: PasswordHasher;
  readonly rateLimiter: RateLimiter;
  readonly loginPolicy: RateLimitPolicy;
  readonly accountPolicy: RateLimitPolicy;
  readonly addressKey: (ipAddress: string) => string;
  readonly sessionPolicy: SessionPolicy;
  /** Whether an owner's address is configured to alert (OWNER_EMAIL). */
  readonly alertOwner: boolean;
  readonly clock: Clock;
  readonly ids: IdGenerator;
}

/**
 * Turning two-factor sign-in on and off, from the Security screen (docs/domain.md, "Two-factor
 * sign-in"). Setting up stores a new secret, off until a first code confirms that the app has
 * it; the confirmation makes ten recovery codes, shown once and stored as SHA-256 hashes.
 */
export class TwoFactorSetupUseCase {
  constructor(private readonly deps: TwoFactorDeps) {}

  async start(actor: SessionActor): Promise<Result<{ secret: string; otpauthUri: string }, AdminUserError>> {
    const user = await this.deps.adminUsers.findById(actor.userId);
    if (user === null) return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminNotFound });
    if (user.twoFactorEnabled) {
      return err({ code: AdminUserErrorCode.TwoFactorAlreadyOn, message: ERROR_MESSAGES.twoFactorAlreadyOn });
    }
    const secret = this.deps.secrets.generateSecret();
    await this.deps.adminUsers.setTwoFactor(user.id, { totpSecret: secret, enabled: false }, this.deps.clock.now());
    return ok({ secret, otpauthUri: this.deps.secrets.uri(secret, user.username) });
  }

  async confirm(
    input: { readonly code: string },
    actor: SessionActor,
  ): Promise<Result<{ recoveryCodes: string[] }, AdminUserError>> {
    const user = await this.deps.adminUsers.findById(actor.userId);
    if (user === null) return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminNotFound });
    if (user.twoFactorEnabled) {
      return err({ code: AdminUserErrorCode.TwoFactorAlreadyOn, message: ERROR_MESSAGES.twoFactorAlreadyOn });
    }
    if (user.totpSecret === null) {
      return err({ code: AdminUserErrorCode.TwoFactorNotStarted, message: ERROR_MESSAGES.twoFactorNotStarted });
    }
    const now = this.deps.clock.now();
    const code = typeof input.code === 'string' ? input.code.replace(/\s/g, '') : '';
    const step = this.deps.secrets.matchingStep(user.totpSecret, code, now);
    if (step === null) {
      return err({
        code: AdminUserErrorCode.WrongCode,
        message: ERROR_MESSAGES.wrongConfirmationCode,
        fieldErrors: { code: ERROR_MESSAGES.wrongConfirmationCode },
      });
    }
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => this.deps.secrets.newRecoveryCode());
    const hashes = recoveryCodes.map((recoveryCode) => this.deps.tokens.hashOf(normalizeRecoveryCode(recoveryCode)));
    const secret = user.totpSecret;
    await this.deps.unitOfWork.transaction(async ({ adminUsers, twoFactor, auditEvents }) => {
      await adminUsers.setTwoFactor(user.id, { totpSecret: secret, enabled: true }, now);
      // The confirming code is used: it cannot sign anyone in afterwards.
      await adminUsers.useTotpStep(user.id, step);
      await twoFactor.replaceRecoveryCodes(user.id, hashes, now);
      await auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.TwoFactorEnabled,
            resourceType: AuditResourceType.AdminUser,
            resourceId: user.id,
            userId: user.id,
            details: { recoveryCodes: RECOVERY_CODE_COUNT },
          },
          actor,
        ),
      );
    });
    return ok({ recoveryCodes });
  }

  /** Off from the Security screen: the password is required (wrong ones limited like sign-ins). */
  async disable(
    input: { readonly password: string },
    actor: SessionActor,
  ): Promise<Result<void, AdminUserError | AdminSessionError>> {
    const user = await this.deps.adminUsers.findById(actor.userId);
    if (user === null) return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminNotFound });
    if (!user.twoFactorEnabled && user.totpSecret === null) {
      return err({ code: AdminUserErrorCode.TwoFactorNotStarted, message: ERROR_MESSAGES.twoFactorNotOn });
    }
    const password = typeof input.password === 'string' ? input.password : '';
    const confirmed = await checkCurrentPassword(this.deps, user.id, { field: 'password', password }, async () => {
      return user.passwordHash;
    });
    if (!confirmed.ok) return confirmed;
    await this.turnOff(user, actor, actor.userId, 'security_screen');
    return ok(undefined);
  }

  /**
   * Off from the command line (`pnpm admin reset-password`, for an owner who lost their phone):
   * no password, the machine's operator is trusted. Returns false when it was not on.
   */
  async disableForUsername(username: string): Promise<Result<boolean, AdminUserError>> {
    const user = await this.deps.adminUsers.findByUsername(normalizeUsername(username));
    if (user === null) return err({ code: AdminUserErrorCode.NotFound, message: ERROR_MESSAGES.adminNotFound });
    if (!user.twoFactorEnabled && user.totpSecret === null) return ok(false);
    await this.turnOff(user, NO_REQUEST_CONTEXT, null, 'command_line');
    return ok(true);
  }

  private async turnOff(
    user: { readonly id: string; readonly username: string; readonly twoFactorEnabled: boolean },
    context: RequestContext,
    actorId: string | null,
    from: string,
  ): Promise<void> {
    const event = newAuditEvent(
      this.deps,
      {
        action: AuditAction.TwoFactorDisabled,
        resourceType: AuditResourceType.AdminUser,
        resourceId: user.id,
        userId: actorId ?? user.id,
        details: { from, wasOn: user.twoFactorEnabled },
      },
      context,
    );
    await this.deps.unitOfWork.transaction(async ({ adminUsers, twoFactor, auditEvents, deliveries }) => {
      await adminUsers.setTwoFactor(user.id, { totpSecret: null, enabled: false }, this.deps.clock.now());
      await twoFactor.clearForUser(user.id);
      await auditEvents.append(event);
      // The owner hears of it: two-factor off is what an intruder would do first.
      if (user.twoFactorEnabled && this.deps.alertOwner) {
        await deliveries.addUnlessDuplicate(securityAlert(this.deps, event.id));
      }
    });
  }
}

/**
 * The second step of sign-in: the challenge from the password step and a code, either the
 * authenticator app's (each 30-second step once) or a recovery code (each once). Wrong codes
 * count toward the sign-in limits of the account and the address, like wrong passwords; the
 * challenge lasts five minutes and is used up by the sign-in it completes.
 */
export class CompleteTwoFactorLogInUseCase {
  constructor(private readonly deps: TwoFactorDeps) {}

  async execute(
    input: { readonly challenge: string; readonly code: string },
    context: RequestContext,
  ): Promise<Result<LogInSuccess, AdminSessionError>> {
    const challengeToken = typeof input.challenge === 'string' ? input.challenge.trim() : '';
    const code = typeof input.code === 'string' ? input.code.trim() : '';
    const now = this.deps.clock.now();
    const expired = () =>
      err<AdminSessionError>({
        code: AdminSessionErrorCode.ChallengeExpired,
        message: ERROR_MESSAGES.challengeExpired,
      });
    if (challengeToken === '') return expired();
    const tokenHash = this.deps.tokens.hashOf(challengeToken);
    const challenge = await this.deps.twoFactor.findChallenge(tokenHash, now);
    if (challenge === null) return expired();
    const user = await this.deps.adminUsers.findById(challenge.userId);
    if (user === null || !user.twoFactorEnabled || user.totpSecret === null) return expired();

    const { rateLimiter, loginPolicy, accountPolicy } = this.deps;
    const address =
      context.ipAddress === null || context.ipAddress === '' ? null : this.deps.addressKey(context.ipAddress);
    const keys = loginThrottleKeys(user.username, address);
    const reserved: string[] = [];
    const refuse = async (retryAfterSeconds: number) => {
      await Promise.all(reserved.map((key) => rateLimiter.giveBack(key)));
      // Past the limit the challenge is spent: the password is asked again after the wait.
      await this.deps.twoFactor.takeChallenge(tokenHash, now);
      return err<AdminSessionError>({
        code: AdminSessionErrorCode.TooManyAttempts,
        message: ERROR_MESSAGES.tooManyLoginAttempts,
        retryAfterSeconds,
      });
    };
    const pair = await rateLimiter.reserve(keys.pair, loginPolicy);
    reserved.push(keys.pair);
    if (!pair.verdict.allowed) return refuse(pair.verdict.retryAfterSeconds);
    if (keys.address !== null) {
      const fromAddress = await rateLimiter.reserve(keys.address, loginPolicy);
      reserved.push(keys.address);
      if (!fromAddress.verdict.allowed) return refuse(fromAddress.verdict.retryAfterSeconds);
    }

    const factor = await this.checkCode(user.id, user.totpSecret, code, now);
    if (factor === null) {
      await rateLimiter.record(keys.account, accountPolicy);
      const details = { username: user.username, reason: 'invalid_code' };
      await this.deps.auditEvents.append(loginFailedEvent(this.deps, context, user.id, details));
      return err({ code: AdminSessionErrorCode.InvalidCode, message: ERROR_MESSAGES.invalidTwoFactorCode });
    }
    // Single-use: of two right codes sent with one challenge, one signs in.
    if ((await this.deps.twoFactor.takeChallenge(tokenHash, now)) === null) return expired();
    await rateLimiter.reset(keys.pair);
    if (keys.address !== null) await rateLimiter.giveBack(keys.address);
    const signedIn = await startSession(this.deps, user, context, { secondFactor: factor });
    if (factor === 'recovery_code') {
      const remaining = await this.deps.twoFactor.countRecoveryCodes(user.id);
      await this.deps.auditEvents.append(
        newAuditEvent(
          this.deps,
          {
            action: AuditAction.RecoveryCodeUsed,
            resourceType: AuditResourceType.AdminUser,
            resourceId: user.id,
            userId: user.id,
            details: { remaining },
          },
          context,
        ),
      );
    }
    return ok(signedIn);
  }

  /** 'totp' or 'recovery_code' when the code is right and unused (and now used), else null. */
  private async checkCode(
    userId: string,
    secret: string,
    code: string,
    now: Date,
  ): Promise<'totp' | 'recovery_code' | null> {
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = this.deps.secrets.matchingStep(secret, digits, now);
      return step !== null && (await this.deps.adminUsers.useTotpStep(userId, step)) ? 'totp' : null;
    }
    const recovery = normalizeRecoveryCode(code);
    if (!/^[a-z2-7]{16}$/.test(recovery)) return null;
    return (await this.deps.twoFactor.useRecoveryCode(userId, this.deps.tokens.hashOf(recovery)))
      ? 'recovery_code'
      : null;
  }
}
