// A local SMTP server for the benchmarks, in a process of its own: it accepts every message and keeps none.
// Run inside the benchmark process it would answer only when autocannon's loop let it, and the server's
// sign-in requests (which wait for their e-mail to be accepted) would measure that instead of the server.
// Prints "listening <port>" once it accepts connections on 127.0.0.1 (a free port, or BENCH_SMTP_PORT).
//
// It stands for a mail server on another machine, so it is as lean as SMTP allows: the commands a client sends
// (EHLO or HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), answered in order however many come in one packet
// (PIPELINING), and a message's text skipped up to its closing dot. smtp-server, the library the tests' sink
// uses, cost this machine 85 µs a sign-in mail in the saturated mix (bench/README.md, 2026-12-06), more than the
// app's own composing of it.
import net from "node:net";

/** The line that ends a message's text, with the line break before it. */
const END_OF_DATA = "\r\n.\r\n";

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let buffered = "";
  let inData = false;
  socket.on("error", () => socket.destroy());
  socket.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("latin1");
    let replies = "";
    let quit = false;
    for (;;) {
      if (inData) {
        const end = buffered.indexOf(END_OF_DATA);
        if (end < 0) {
          // Only a terminator cut in two is kept of the text.
          buffered = buffered.slice(-(END_OF_DATA.length - 1));
          break;
        }
        buffered = buffered.slice(end + END_OF_DATA.length);
        inData = false;
        replies += "250 OK: message accepted\r\n";
        continue;
      }
      const lineEnd = buffered.indexOf("\r\n");
      if (lineEnd < 0) break;
      const verb = buffered.slice(0, Math.min(lineEnd, 4)).toUpperCase();
      buffered = buffered.slice(lineEnd + 2);
      if (verb === "EHLO")
        replies += "250-bench.invalid\r\n250-PIPELINING\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n";
      else if (verb === "HELO") replies += "250 bench.invalid\r\n";
      else if (verb === "MAIL" || verb === "RCPT" || verb === "RSET" || verb === "NOOP")
        replies += "250 OK\r\n";
      else if (verb === "DATA") {
        replies += "354 End data with <CR><LF>.<CR><LF>\r\n";
        inData = true;
        // A message with no text ends at once: its dot follows the command's own line break.
        buffered = `\r\n${buffered}`;
      } else if (verb === "QUIT") {
        replies += "221 Bye\r\n";
        quit = true;
        break;
      } else replies += "502 Command not implemented\r\n";
    }
    if (quit) socket.end(replies);
    else if (replies) socket.write(replies);
  });
  socket.write("220 bench.invalid ESMTP\r\n");
});

server.listen(Number(process.env.BENCH_SMTP_PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
});
// It keeps nothing, so it need not wait for its clients (a pool keeps its connections open) to leave.
process.on("SIGTERM", () => process.exit(0));
// Started by bench/support.ts with a pipe for standard input: its end means the benchmark has gone.
process.stdin.on("end", () => process.exit(0)).resume();
