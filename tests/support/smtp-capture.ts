import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { to: string; subject: string; text: string };

/**
 * A real SMTP server on a free local port that keeps every message it
 * receives: the application sends to it exactly as to a production relay.
 */
export async function startSmtpCapture(port = 0) {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
          messages.push({ to: to?.value[0]?.address ?? "", subject: mail.subject ?? "", text: mail.text ?? "" });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
