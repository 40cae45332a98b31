import net from "node:net";

export type ReceivedMail = { from: string; to: string[]; data: string };

/**
 * A minimal SMTP server for tests (plain text, no auth, no TLS): enough of RFC 5321 for nodemailer
 * to hand over messages, which are collected in `received`. `failNext` makes the next DATA fail.
 */
export async function startTestSmtpServer() {
  const received: ReceivedMail[] = [];
  const state = { failNext: 0 };
  const server = net.createServer((socket) => {
    socket.setEncoding("utf8");
    let buffer = "";
    let inData = false;
    let current: ReceivedMail = { from: "", to: [], data: "" };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply("220 test-smtp ready");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, ".");
          buffer = buffer.slice(end + 5);
          inData = false;
          if (state.failNext > 0) {
            state.failNext -= 1;
            reply("451 4.3.0 temporary failure");
          } else {
            received.push(current);
            reply("250 2.0.0 queued");
          }
          current = { from: "", to: [], data: "" };
          continue;
        }
        const end = buffer.indexOf("\r\n");
        if (end === -1) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") reply("250 test-smtp");
        else if (verb === "MAIL") {
          current.from = /<(.*)>/.exec(line)?.[1] ?? "";
          reply("250 2.1.0 ok");
        } else if (verb === "RCPT") {
          current.to.push(/<(.*)>/.exec(line)?.[1] ?? "");
          reply("250 2.1.5 ok");
        } else if (verb === "DATA") {
          inData = true;
          reply("354 end with <CRLF>.<CRLF>");
        } else if (verb === "RSET") {
          current = { from: "", to: [], data: "" };
          reply("250 ok");
        } else if (verb === "QUIT") {
          reply("221 bye");
          socket.end();
          return;
        } else reply("250 ok");
      }
    });
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
