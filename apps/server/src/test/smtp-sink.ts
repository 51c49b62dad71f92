import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
  raw: string;
};

/**
 * A real SMTP server on loopback that keeps what it receives, for the tests of the mail outbox. It can be
 * stopped and started again on the same port (an SMTP server that is down, then back), and told to refuse some
 * recipients for good (550).
 */
export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  private server: SMTPServer | null = null;
  private port = 0;
  private readonly refused = new Set<string>();

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens on `port`, or a free port the first time and the same one afterwards. */
  async start(port = this.port): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (this.refused.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
          return;
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw)
            .then((parsed) => {
              this.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), parsed, raw });
              callback();
            })
            .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  refuse(address: string): void {
    this.refused.add(address.toLowerCase());
  }

  /** The messages received for one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Waits until `count` messages have arrived (or fails after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} messages, received ${this.received.length} in ${timeoutMs} ms`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }
}
