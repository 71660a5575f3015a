import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type Mail = { to: string; subject: string; text: string };

/** Waits for the e-mail the SMTP capture server received for this address. */
export function waitForMail(to: string, timeoutMs = 10_000): Promise<Mail> {
  return waitForMailMatching(to, () => true, timeoutMs);
}

/**
 * Waits for the latest e-mail to this address that `matches` accepts: the
 * administrator receives notifications from every test, so a test finds its
 * own by a unique name in the subject or the text (admin notifications, decision 0016).
 */
export async function waitForMailMatching(to: string, matches: (mail: Mail) => boolean, timeoutMs = 10_000): Promise<Mail> {
  const file = path.join(process.env.E2E_DATA_DIR!, "mail.jsonl");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const mails = readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Mail);
      const found = mails.reverse().find((mail) => mail.to === to && matches(mail));
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No matching e-mail for ${to}`);
}
