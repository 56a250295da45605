import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface SmtpCounter {
  url: string;
  /** Messages the server accepted (answered 250 after DATA), by Message-ID, in order. */
  accepted: Map<string, number>;
  /** Each acceptance with its time. */
  log: { id: string; at: number }[];
  /** Accepted messages in all. */
  total: () => number;
  close: () => Promise<void>;
}

/**
 * An SMTP server on loopback that accepts every message and counts the ones it accepted by their
 * Message-ID header — what a mailbox would hold. `acceptDelayMs` holds each answer to DATA for a
 * while, as a real server's checks do, so a test can kill a sender mid-transaction.
 */
export function smtpCounter(opts: { acceptDelayMs?: () => number } = {}): Promise<SmtpCounter> {
  const accepted = new Map<string, number>();
  const log: { id: string; at: number }[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let headers = '';
    let inHeaders = true;
    socket.write('220 counter ESMTP\r\n');
    const answer = (line: string) => {
      if (!socket.destroyed) socket.write(line);
    };
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let at: number;
      while ((at = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const id = /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '(none)';
            const accept = () => {
              // A sender that hung up before the answer did not get its message accepted.
              if (socket.destroyed) return;
              accepted.set(id, (accepted.get(id) ?? 0) + 1);
              log.push({ id, at: Date.now() });
              answer('250 queued\r\n');
            };
            const delay = opts.acceptDelayMs?.() ?? 0;
            if (delay > 0) setTimeout(accept, delay);
            else accept();
          } else if (inHeaders) {
            if (line === '') inHeaders = false;
            else headers += `${line}\n`;
          }
        } else if (/^(EHLO|HELO)/i.test(line)) answer('250 counter\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          inHeaders = true;
          headers = '';
          answer('354 go on\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else answer('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
        accepted,
        log,
        total: () => [...accepted.values()].reduce((a, b) => a + b, 0),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      }),
    ),
  );
}
