import net from 'node:net';

/** A message received by the sink. */
export interface SunkMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A minimal SMTP server for tests (RFC 5321 commands without extensions): accepts every message and
 * keeps it, so a test can check what the app sent through a real SMTP connection.
 */
export async function startSmtpSink(port = 0): Promise<{ port: number; mails: SunkMail[]; close(): Promise<void> }> {
  const mails: SunkMail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let current: SunkMail = { from: '', to: [], data: '' };
    let inData = false;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let i: number;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(current);
            current = { from: '', to: [], data: '' };
            reply('250 queued');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') reply('250 sink');
        else if (cmd === 'MAIL') {
          current.from = line.slice(10).trim();
          reply('250 ok');
        } else if (cmd === 'RCPT') {
          current.to.push(line.slice(8).trim());
          reply('250 ok');
        } else if (cmd === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (cmd === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 ok');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  const addr = server.address() as net.AddressInfo;
  return { port: addr.port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
