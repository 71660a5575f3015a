/**
 * What Playwright starts as its web server: a real SMTP capture server (each
 * message appended as a JSON line to $E2E_DATA_DIR/mail.jsonl, where tests
 * read it), a local OpenID Connect provider standing in for Google, then the
 * production Parcours server pointed at both, with the tests' fixture endpoint
 * preloaded into it (fixture-endpoint.ts says why there).
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import path from "node:path";
import { startOidcProvider } from "../../support/oidc-provider";
import { startSmtpCapture } from "../../support/smtp-capture";

const dataDir = process.env.DATA_DIR!;
const mailLog = path.join(dataDir, "mail.jsonl");

const smtp = await startSmtpCapture();
const provider = await startOidcProvider();
provider.setIdentity({ sub: "google-e2e", email: "google.fan@example.com", email_verified: true, name: "Google Fan" });

// Mirror captured messages to the file the tests read.
let written = 0;
setInterval(() => {
  for (; written < smtp.messages.length; written++) appendFileSync(mailLog, `${JSON.stringify(smtp.messages[written])}\n`);
}, 100).unref();

const server = spawn(process.execPath, ["--import", "tsx", "--import", "./tests/e2e/support/fixture-endpoint.ts", "http/main.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: "parcours-e2e",
    GOOGLE_CLIENT_SECRET: "e2e-secret",
    GOOGLE_DISCOVERY_URL: provider.discoveryUrl,
  },
});

async function stop() {
  server.kill("SIGTERM");
  await Promise.all([smtp.close(), provider.close()]);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop().then(() => process.exit(0)));
server.on("exit", (code) => void stop().then(() => process.exit(code ?? 0)));
