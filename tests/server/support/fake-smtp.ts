/**
 * A minimal SMTP server for tests (node:net, RFC 5321's few commands nodemailer uses): it
 * records each message it accepts, or refuses every recipient with 550. No TLS, no AUTH.
 */
import net, { type AddressInfo, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, dot-stuffing undone, without the final `.` line. */
  data: string;
}

export interface FakeSmtpServer {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

const addressOf = (argument: string): string => /<([^>]*)>/.exec(argument)?.[1] ?? argument;

function serve(socket: Socket, received: ReceivedMail[], refuseRecipients: boolean): void {
  let buffer = '';
  let inData = false;
  let from = '';
  let to: string[] = [];
  const reply = (line: string) => socket.write(`${line}\r\n`);

  const command = (line: string): void => {
    const verb = line.slice(0, 4).toUpperCase();
    if (verb === 'EHLO') reply('250-fake.smtp.test\r\n250 8BITMIME');
    else if (verb === 'HELO') reply('250 fake.smtp.test');
    else if (verb === 'MAIL') {
      from = addressOf(line.slice(10));
      to = [];
      reply('250 2.1.0 OK');
    } else if (verb === 'RCPT') {
      if (refuseRecipients) reply('550 5.1.1 Mailbox unavailable');
      else {
        to.push(addressOf(line.slice(8)));
        reply('250 2.1.5 OK');
      }
    } else if (verb === 'DATA') {
      inData = true;
      // The end marker is CRLF.CRLF; the data's first line follows this reply's CRLF.
      buffer = `\r\n${buffer}`;
      reply('354 End data with <CR><LF>.<CR><LF>');
    } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 OK');
    else if (verb === 'QUIT') {
      reply('221 2.0.0 Bye');
      socket.end();
    } else reply('502 5.5.2 Command not recognized');
  };

  const drain = (): void => {
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end === -1) return;
        const data = buffer.slice(2, end).replace(/^\.\./gm, '.');
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push({ from, to, data: `${data}\r\n` });
        reply('250 2.0.0 Queued');
        continue;
      }
      const end = buffer.indexOf('\r\n');
      if (end === -1) return;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      command(line);
    }
  };

  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    drain();
  });
  socket.on('error', () => socket.destroy());
  reply('220 fake.smtp.test ESMTP');
}

export async function startFakeSmtp(
  options: { refuseRecipients?: boolean } = {},
): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(socket, received, options.refuseRecipients ?? false);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * An SMTP URL where nothing listens: the discard port, below the range the system gives out. A
 * port just given back by the system would do only until another test's server is given it.
 */
export const UNREACHABLE_SMTP_URL = 'smtp://127.0.0.1:9';
