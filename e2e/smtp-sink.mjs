// A real SMTP server on loopback for the end-to-end suite: the product's mail (campaigns, mail to addresses
// outside the product) goes to it, and each message it receives is written as JSON to `dir`, where tests read
// what arrived (recipients, subject, both parts, headers).
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startSmtpSink(port, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            count += 1;
            const headers = Object.fromEntries(
              parsed.headerLines.map((line) => [
                line.key,
                line.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, ''),
              ]),
            );
            const message = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: parsed.subject ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              text: parsed.text ?? '',
              headers,
            };
            fs.writeFileSync(
              path.join(dir, `${Date.now()}-${String(count).padStart(6, '0')}.json`),
              JSON.stringify(message),
            );
            callback();
          })
          .catch(callback);
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
