import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Logger } from "pino";

type MailMessage = { to: string; subject: string; text: string };
export type Mailer = { send: (message: MailMessage) => Promise<void>; kind: "smtp" | "outbox" | "none" };

/**
 * E-mail over SMTP (SMTP_URL) with nodemailer. Without SMTP, a development
 * outbox writes each message to DATA_DIR/outbox/*.eml and logs it; it is
 * never used in production unless explicitly allowed (MAIL_OUTBOX=true, as
 * `npm start` does for the demo).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string | null;
  logger: Logger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: "smtp",
      send: async (message) => {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  if (options.outboxDir) {
    const outboxDir = options.outboxDir;
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    return {
      kind: "outbox",
      send: async (message) => {
        const { message: raw } = await transport.sendMail({ from: options.from, ...message });
        mkdirSync(outboxDir, { recursive: true });
        const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}.eml`);
        writeFileSync(file, raw as Buffer);
        options.logger.info({ to: message.to, subject: message.subject, file, text: message.text }, "e-mail written to the development outbox");
      },
    };
  }
  return {
    kind: "none",
    send: async (message) => {
      throw new Error(`No SMTP_URL configured: cannot send "${message.subject}" to ${message.to}`);
    },
  };
}
