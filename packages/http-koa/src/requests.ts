import { FIELD_MESSAGES } from '@memoir/shared';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/*
 * The shapes of the request bodies. Types and known fields are checked here; lengths, formats
 * and riddles by the use cases, which own the rules (and their messages). Every text field is
 * capped generously here too, so no use case ever sees a megabyte string.
 */
const required = (label: string) => IsDefined({ message: FIELD_MESSAGES.required(label) });
const text = (label: string) => IsString({ message: FIELD_MESSAGES.mustBeText(label) });
const cap = (label: string) => MaxLength(4000, { message: FIELD_MESSAGES.tooLong(label, 4000) });

export class SignGuestbookRequest {
  @required('Name') @text('Name') @cap('Name') name!: string;
  @IsOptional() @text('Location') @cap('Location') location?: string | null;
  @required('Message') @text('Message') @cap('Message') message!: string;
  @required('Riddle answer') @text('Riddle answer') @cap('Riddle answer') riddleAnswer!: string;
  /** The honeypot (see HONEYPOT_FIELD). */
  @IsOptional() @text('Website') @cap('Website') website?: string;
}

export class SubmitScholarshipRequest {
  @required('Name') @text('Name') @cap('Name') name!: string;
  @required('Email') @text('Email') @cap('Email') email!: string;
  @IsOptional() @text('Message') @cap('Message') message?: string | null;
  @required('Riddle answer') @text('Riddle answer') @cap('Riddle answer') riddleAnswer!: string;
  @IsOptional() @text('Website') @cap('Website') website?: string;
}

export class LoginRequest {
  @required('Username')
  @text('Username')
  @MaxLength(256, { message: FIELD_MESSAGES.tooLong('Username', 256) })
  username!: string;

  // Long enough for any passphrase; short enough that hashing it costs nothing unusual.
  @required('Password')
  @text('Password')
  @MaxLength(1024, { message: FIELD_MESSAGES.tooLong('Password', 1024) })
  password!: string;
}

export class ModerateGuestbookEntryRequest {
  @required('isApproved') @IsBoolean({ message: FIELD_MESSAGES.mustBeBoolean('isApproved') }) isApproved!: boolean;
  @IsOptional() @text('Admin notes') @cap('Admin notes') adminNotes?: string | null;
}

export class DecideScholarshipRequest {
  @required('Decision') @IsIn(['approved', 'rejected'], { message: FIELD_MESSAGES.invalidDecision }) status!: string;
  @IsOptional() @text('Admin notes') @cap('Admin notes') adminNotes?: string | null;
}

/** A password given again to confirm a change: as long as a sign-in's may be. */
const passwordCap = (label: string) => MaxLength(1024, { message: FIELD_MESSAGES.tooLong(label, 1024) });

export class ChangePasswordRequest {
  @required('Current password') @text('Current password') @passwordCap('Current password') currentPassword!: string;
  @required('New password') @text('New password') @passwordCap('New password') newPassword!: string;
}

export class TwoFactorLoginRequest {
  @required('Challenge')
  @text('Challenge')
  @MaxLength(256, { message: FIELD_MESSAGES.tooLong('Challenge', 256) })
  challenge!: string;

  @required('Code') @text('Code') @MaxLength(64, { message: FIELD_MESSAGES.tooLong('Code', 64) }) code!: string;
}

export class ConfirmTwoFactorRequest {
  @required('Code') @text('Code') @MaxLength(64, { message: FIELD_MESSAGES.tooLong('Code', 64) }) code!: string;
}

export class PasswordConfirmationRequest {
  @required('Password') @text('Password') @passwordCap('Password') password!: string;
}

export class AddAdminRequest {
  @required('Username')
  @text('Username')
  @MaxLength(256, { message: FIELD_MESSAGES.tooLong('Username', 256) })
  username!: string;
}
