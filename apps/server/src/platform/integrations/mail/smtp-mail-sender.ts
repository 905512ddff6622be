import nodemailer from 'nodemailer';
import type { MailMessage, MailSender } from './mail-sender.ts';

/**
 * Sends over SMTP to the relay named by `smtpUrl` (smtp://user:pass@host:587, or smtps:// for TLS from
 * the first byte; plain smtp:// upgrades with STARTTLS when the relay offers it).
 */
export function createSmtpMailSender(smtpUrl: string): MailSender {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    // Short limits: a worker waiting on a silent relay holds its claimed mail (and delays a shutdown).
    // Nodemailer's defaults are 2 minutes to connect and 10 minutes of socket silence.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        messageId: message.messageId,
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      });
    },
    close: () => transport.close(),
  };
}
