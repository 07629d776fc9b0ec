/**
 * Sending through SMTP (nodemailer), when SMTP_URL is configured. The message is sent as the
 * outbox holds it (`raw`), so what arrives is what a developer reads in the `.eml` file.
 */
import { createTransport } from 'nodemailer';

export interface MailSender {
  /** Resolves once the server accepted the message; rejects with the reason otherwise. */
  send(eml: Buffer, envelope: { from: string; to: string }): Promise<void>;
}

export function createSmtpSender(url: string, timeoutSeconds: number): MailSender {
  const timeout = timeoutSeconds * 1000;
  const transport = createTransport({
    url,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  });
  return {
    async send(eml, { from, to }) {
      await transport.sendMail({ envelope: { from, to: [to] }, raw: eml });
    },
  };
}
