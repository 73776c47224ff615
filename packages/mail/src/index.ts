export { isLoopbackHost, OutboxMailer, SmtpMailer, smtpUrlProblem, type SmtpTls } from './mailers';
