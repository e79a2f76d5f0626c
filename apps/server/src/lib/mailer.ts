import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** nodemailer over SMTP_URL; without it, emails stay in the outbox (the dev mailbox shows them). */
export function createMailer(config: Config): Mailer | null {
  if (!config.smtpUrl) return null;
  const smtpUrl = config.smtpUrl;
  // nodemailer loads with the first email, not at start-up.
  let transport: Transporter | null = null;
  return {
    async send(mail) {
      transport ??= (await import('nodemailer')).default.createTransport(smtpUrl);
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
    close() {
      transport?.close();
    },
  };
}
