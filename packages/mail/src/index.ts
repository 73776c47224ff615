export { isLoopbackHost, OutboxMailer, SmtpMailer, smtpUrlProblem, type SmtpTls } from './mailers';
export { messageOptions, senderDomain, type MessageSettings } from './message';
export {
  DKIM_MIN_BITS,
  DKIM_SIGNED_HEADERS,
  dkimPublicKeyBase64,
  dkimRecordName,
  dkimTxtRecord,
  readDkimPrivateKey,
  type DkimKey,
} from './dkim';
export { OutboxFolderArchive } from './outbox-archive';
export { DnsMailHealthProbe, type MailHealthSettings } from './mail-health';
export { bounceReportEvents } from './bounce-reports';
export {
  bounceImapUrlProblem,
  ImapBounceMailbox,
  readBounceImapUrl,
  type BounceImapTarget,
  type MailboxMessage,
} from './imap-bounce-mailbox';
