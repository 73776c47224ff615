export { OutboxMailer, SmtpMailer } from './mailers';
