export { isLoopbackHost, OutboxMailer, SmtpMailer, smtpUrlProblem, type SmtpTls } from './mailers';
export { OutboxFolderArchive } from './outbox-archive';
