import { SMTPServer } from 'smtp-server';

/** A MIME part: its headers (names in lower case, folded lines joined) and its decoded body. */
interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

/** A mail as a real SMTP server received it, taken apart. */
export interface ReceivedMail {
  raw: string;
  to: string;
  subject: string;
  messageId: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as headers carry text that is not ASCII. */
const decodeWords = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const content = split < 0 ? '' : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(content, 'utf8');
  return { headers, body };
}

const parameter = (header: string | undefined, name: string) => header?.match(new RegExp(`${name}="?([^";]+)"?`, 'i'))?.[1];

/** The leaf parts of a message, multipart containers opened. */
function leaves(raw: string): Part[] {
  const part = parsePart(raw);
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = parameter(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((chunk) => leaves(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')));
}

export function parseMail(raw: string): ReceivedMail {
  const top = parsePart(raw);
  const parts = leaves(raw);
  // Mail travels with CRLF line ends; the tests read lines as the server wrote them.
  const textOf = (type: string) =>
    (parts.find((p) => (p.headers.get('content-type') ?? '').startsWith(type) && !p.headers.get('content-disposition'))?.body.toString('utf8') ?? '').replace(
      /\r\n/g,
      '\n',
    );
  return {
    raw,
    to: top.headers.get('to') ?? '',
    subject: decodeWords(top.headers.get('subject') ?? ''),
    messageId: top.headers.get('message-id') ?? '',
    text: textOf('text/plain'),
    html: textOf('text/html'),
    attachments: parts
      .filter((p) => /^attachment/i.test(p.headers.get('content-disposition') ?? ''))
      .map((p) => ({
        filename: parameter(p.headers.get('content-disposition'), 'filename') ?? '',
        contentType: (p.headers.get('content-type') ?? '').split(';')[0]!,
        content: p.body,
      })),
  };
}

/**
 * A real SMTP server on a free local port that keeps what it receives: `SMTP_URL: catcher.url`
 * sends a test server's mail to it.
 */
export async function mailCatcher() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type MailCatcher = Awaited<ReturnType<typeof mailCatcher>>;
