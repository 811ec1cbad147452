// Runs the built app for browser tests: a fresh embedded PostgreSQL with demo data, mail through a real SMTP
// sink, and a small HTTP mailbox on 127.0.0.1 so tests can read the e-mails the app really sent.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSmtpSink } from "../tests/support/smtp-sink";

const appPort = Number(process.env.E2E_PORT ?? 4173);
const mailboxPort = Number(process.env.E2E_MAILBOX_PORT ?? 4399);
const dataDir = mkdtempSync(path.join(tmpdir(), "kb-e2e-"));
chmodSync(dataDir, 0o755);

const smtp = await startSmtpSink();
const mailbox = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const to = url.searchParams.get("to")?.toLowerCase();
  const messages = smtp.messages.filter((m) => !to || m.to.includes(to));
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(messages.map((m) => ({ to: m.to, subject: m.subject, text: m.text }))));
});
await new Promise<void>((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));

const app: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "dist/server/index.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(appPort),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${appPort}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(appPort + 1),
    SMTP_URL: smtp.url,
    LOG_LEVEL: "warn",
    RATE_LIMIT_DISABLED: "true",
  },
});

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGINT");
  await new Promise((r) => (app.exitCode === null ? app.once("exit", r) : r(null)));
  mailbox.close();
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}
app.once("exit", (code) => void stop(code ?? 1));
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
