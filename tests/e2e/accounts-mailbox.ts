import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message as the loopback SMTP server received it. */
export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The Reply-To header, "" without one. */
  replyTo: string;
  raw: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:<port> */
  url: string;
  messages: ReceivedEmail[];
  /** Waits for the first message to `to` (and matching `subject`) that arrives after `since` messages. */
  waitFor(to: string, options?: { subject?: RegExp; timeoutMs?: number; since?: number }): Promise<ReceivedEmail>;
  /** Refuses the next `count` messages with a temporary failure. */
  refuseNext(count: number): void;
  close(): Promise<void>;
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function decodeHeader(value: string): string {
  return value.replace(/\?=\s+=\?/g, "?==?").replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : decodeQuotedPrintable(text.replace(/_/g, " ")),
  );
}

/** Parses a single-part text message as nodemailer writes it. */
export function parseEmail(raw: string): Omit<ReceivedEmail, "to"> {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}: (.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "quoted-printable"
      ? decodeQuotedPrintable(body)
      : encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : body;
  return {
    from: decodeHeader(header("From")),
    subject: decodeHeader(header("Subject")),
    text: text.replace(/\r\n/g, "\n"),
    replyTo: header("Reply-To"),
    raw,
  };
}

/** A real SMTP server on loopback that keeps what it receives. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({ ...parseEmail(raw), to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()) });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuseNext(count) {
      refusals = count;
    },
    waitFor(to, { subject, timeoutMs = 10_000, since = 0 } = {}) {
      const find = () =>
        messages.slice(since).find((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const message = find();
          if (!message) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No email to ${to}${subject ? ` matching ${subject}` : ""} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that starts with `prefix` (e.g. "http://…/reset-password"). */
export function linkIn(message: ReceivedEmail, pathPart: string): string {
  const link = message.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in:\n${message.text}`);
  return link;
}

/** The first six-digit code in a message's text. */
export function codeIn(message: ReceivedEmail): string {
  const code = message.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code in:\n${message.text}`);
  return code;
}
