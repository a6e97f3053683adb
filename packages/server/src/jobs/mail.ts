import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Config } from "../config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends through SMTP when SMTP_URL is set. Otherwise (the embedded default, development) each
 * message is written to `<data dir>/mailbox/` as an .eml file a developer can open; the log says
 * where, never what (the message carries reset links).
 */
export function mailer(config: Config, log: FastifyBaseLogger): (mail: Mail) => Promise<void> {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async (mail) => {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    };
  }
  const box = path.join(config.dataDir, "mailbox");
  return async (mail) => {
    mkdirSync(box, { recursive: true, mode: 0o700 });
    const file = path.join(
      box,
      `${new Date().toISOString().replace(/[:.]/g, "-")}-${Math.random().toString(36).slice(2, 8)}.eml`,
    );
    writeFileSync(
      file,
      `From: ${config.mailFrom}\nTo: ${mail.to}\nSubject: ${mail.subject}\nContent-Type: text/plain; charset=utf-8\n\n${mail.text}\n`,
      { mode: 0o600 },
    );
    log.info({ file }, "mail stored in the development mailbox");
  };
}
