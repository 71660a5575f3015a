import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type Mail = { to: string; subject: string; text: string };

/** Waits for the e-mail the SMTP capture server received for this address. */
export async function waitForMail(to: string, timeoutMs = 10_000): Promise<Mail> {
  const file = path.join(process.env.E2E_DATA_DIR!, "mail.jsonl");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(file)) {
      const mails = readFileSync(file, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line) as Mail);
      const found = mails.reverse().find((mail) => mail.to === to);
      if (found) return found;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail for ${to}`);
}
