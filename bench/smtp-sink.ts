// A local SMTP server for the benchmarks, in a process of its own: it accepts every message and keeps none.
// Run inside the benchmark process it would answer only when autocannon's loop let it, and the server's
// sign-in requests (which wait for their e-mail to be accepted) would measure that instead of the server.
// Prints "listening <port>" once it accepts connections on 127.0.0.1 (a free port, or BENCH_SMTP_PORT).
import { SMTPServer } from "smtp-server";
import { ignoreDroppedClients } from "../tests/support/smtp-sink";

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => callback());
  },
});
ignoreDroppedClients(server);
server.listen(Number(process.env.BENCH_SMTP_PORT ?? 0), "127.0.0.1", () => {
  const address = server.server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
// Started by bench/support.ts with a pipe for standard input: its end means the benchmark has gone.
process.stdin.on("end", () => process.exit(0)).resume();
