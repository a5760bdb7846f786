import type { Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message the inbox accepted (answered 250 to its DATA). */
export interface ReceivedMail {
  /** The envelope: MAIL FROM and RCPT TO. */
  envelopeFrom: string;
  envelopeTo: string[];
  /** The message as sent, headers and body, and as mailparser reads it. */
  raw: string;
  parsed: ParsedMail;
  /** A header's value as it stood on the wire (unfolded), or undefined. */
  header: (name: string) => string | undefined;
}

/** A DATA command the inbox holds unanswered until `release()`. */
export interface Hold {
  /** Resolves once a message's DATA arrived and is being held. */
  reached: Promise<void>;
  /** Answers the held DATA (250, or the refusal in force); a client gone meanwhile gets nothing and nothing is kept. */
  release: () => void;
}

export interface SmtpInbox {
  /** smtp://user:password@127.0.0.1:<port>: what SMTP_URL is set to. */
  url: string;
  port: number;
  user: string;
  password: string;
  messages: ReceivedMail[];
  /** Answers the next `times` messages' DATA with `code` (4xx: try later; 5xx: refused for good). */
  refuse: (code: number, message?: string, times?: number) => void;
  /** Accepts messages again. */
  accept: () => void;
  /** Holds the next message's DATA unanswered until released. */
  hold: () => Hold;
  /** The server goes down: every open connection is cut and new ones are refused. */
  down: () => Promise<void>;
  /** Listens again on the same port. */
  up: () => Promise<void>;
  /** Waits (in real time: for server processes, whose clock tests cannot move) until `count` messages arrived. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ReceivedMail[]>;
  close: () => Promise<void>;
}

const readAll = async (stream: SMTPServerDataStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** The header block's lines unfolded (RFC 5322 §2.2.3), for tests that check a header exactly as sent. */
function headerOf(raw: string, name: string): string | undefined {
  const block = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const prefix = `${name.toLowerCase()}:`;
  const line = block.split(/\r?\n/).find((candidate) => candidate.toLowerCase().startsWith(prefix));
  return line?.slice(prefix.length).trim();
}

/**
 * A real SMTP server (the `smtp-server` package) on a loopback port that keeps what it receives, for
 * tests of e-mail: plain SMTP without STARTTLS, with a user name and password it checks (AUTH PLAIN or
 * LOGIN). It can refuse, go down and come back, or hold a DATA command while the test does something.
 */
export async function startSmtpInbox({ user = 'planner', password = 'smtp-secret-Xy7' }: { user?: string; password?: string } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let refusal: { code: number; message: string; times: number } | undefined;
  let held: { release: () => void; reached: () => void; waiting: Promise<void> } | undefined;
  /** Client ports whose connection closed (smtp-server names a session's client by address and port). */
  const closedPorts = new Set<number>();
  const sockets = new Set<Socket>();
  let server: SMTPServer | undefined;
  let port = 0;

  async function onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
    const raw = await readAll(stream);
    const hold = held;
    if (hold) {
      held = undefined;
      hold.reached();
      await hold.waiting;
      // A client killed while held has its socket's close still in the event queue when the test releases:
      // let it land (a few turns of I/O) before deciding whether anyone is there to be told.
      for (let turn = 0; turn < 50 && !closedPorts.has(session.remotePort); turn += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Never answered: the client went away while it waited, so it was never told the message was taken.
    if (closedPorts.has(session.remotePort)) return callback(new Error('connection closed'));
    if (refusal) {
      const { code, message } = refusal;
      refusal.times -= 1;
      if (refusal.times <= 0) refusal = undefined;
      return callback(Object.assign(new Error(message), { responseCode: code }));
    }
    const address = (entry: false | { address: string }) => (entry ? entry.address : '');
    messages.push({
      envelopeFrom: address(session.envelope.mailFrom),
      envelopeTo: session.envelope.rcptTo.map((entry) => entry.address),
      raw,
      parsed: await simpleParser(raw),
      header: (name) => headerOf(raw, name),
    });
    callback();
  }

  async function listen(): Promise<void> {
    const instance = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === user && auth.password === password) return callback(null, { user });
        callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      },
      onData: (stream, session, callback) => void onData(stream, session, callback),
    });
    instance.server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      const clientPort = socket.remotePort;
      closedPorts.delete(clientPort ?? 0);
      socket.once('close', () => {
        sockets.delete(socket);
        if (clientPort !== undefined) closedPorts.add(clientPort);
      });
    });
    await new Promise<void>((resolve, reject) => {
      instance.server.once('error', reject);
      instance.listen(port, '127.0.0.1', () => resolve());
    });
    port = (instance.server.address() as { port: number }).port;
    server = instance;
  }

  async function down(): Promise<void> {
    const instance = server;
    server = undefined;
    if (!instance) return;
    const closed = new Promise<void>((resolve) => instance.server.close(() => resolve()));
    const cut = [...sockets].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()).destroy()));
    await Promise.all([closed, ...cut]);
  }

  await listen();
  const inbox: SmtpInbox = {
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    port,
    user,
    password,
    messages,
    refuse: (code, message = code >= 500 ? 'Mailbox unavailable' : 'Try again later', times = Infinity) => {
      refusal = { code, message, times };
    },
    accept: () => {
      refusal = undefined;
    },
    hold() {
      let release!: () => void;
      let reached!: () => void;
      const waiting = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (reached = resolve));
      held = { release, reached, waiting };
      return { reached: arrived, release };
    },
    down,
    up: listen,
    async waitForMessages(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return messages;
    },
    async close() {
      held?.release();
      await down();
    },
  };
  return inbox;
}
