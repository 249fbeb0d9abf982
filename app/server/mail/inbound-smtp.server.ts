import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { escapeForLog } from "~/schemas/text";
import type { Database } from "../platform/db.server";
import { isDomainError } from "../platform/errors.server";
import { consumeRateLimit, RATE_LIMITS } from "../platform/rate-limit.server";
import { isKnownReplyAddress, MAX_INBOUND_BYTES, receiveReply, UNKNOWN_REPLY_ADDRESS } from "./inbound.server";

/** The built-in inbound SMTP listener (decision 097): on its own port, only when INBOUND_SMTP_PORT is set. */
export interface InboundSmtp {
  port: number;
  close(): Promise<void>;
}

/** An SMTP answer with its code: smtp-server sends `responseCode` and the message. */
const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** INBOUND_SMTP_PORT as a port number; anything else stops the server at start, saying why. */
export function parseInboundSmtpPort(value: string): number {
  const port = /^\d{1,5}$/.test(value) ? Number(value) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw new Error(`INBOUND_SMTP_PORT must be a port number (0 to 65535), not "${value}".`);
  return port;
}

/**
 * Starts an SMTP server that takes candidates' replies and nothing else: a recipient is accepted at
 * RCPT TO only when it is `reply+<token>@<domain>` with a token the app gave out (550 otherwise), a
 * message is at most MAX_INBOUND_BYTES (SIZE is announced; 552 past it), and each is stored by
 * `receiveReply`. No authentication and no STARTTLS: it takes mail for the app's own reply addresses
 * only, from the internet or from a relay in front of it. Each connecting address is rate-limited
 * (421, try later). A failure of the app's own (the database) is a 451, so the sender retries.
 */
export async function startInboundSmtp(db: Database, options: { port: number; host?: string; domain: string }): Promise<InboundSmtp> {
  const server = new SMTPServer({
    name: options.domain,
    banner: "OpenHire replies",
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_INBOUND_BYTES,
    logger: false,
    closeTimeout: 5_000,
    onConnect(session, callback) {
      consumeRateLimit(db, RATE_LIMITS.inboundEmail, session.remoteAddress).then(
        () => callback(),
        (error: unknown) => {
          if (isDomainError(error) && error.code === "RATE_LIMITED") return callback(smtpError(421, "Too many messages from your address, try again later"));
          console.error("Inbound SMTP: could not check the rate limit:", error);
          callback(smtpError(451, "Temporary failure, try again later"));
        },
      );
    },
    onRcptTo(address, _session, callback) {
      isKnownReplyAddress(db, address.address, options.domain).then(
        (known) => callback(known ? null : smtpError(550, `5.1.1 ${UNKNOWN_REPLY_ADDRESS}`)),
        (error: unknown) => {
          console.error("Inbound SMTP: could not look up a reply address:", error);
          callback(smtpError(451, "Temporary failure, try again later"));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => {
        if (!stream.sizeExceeded) chunks.push(chunk);
      });
      stream.on("error", (error) => callback(error));
      stream.on("end", () => {
        if (stream.sizeExceeded) return callback(smtpError(552, `5.3.4 A reply may be at most ${MAX_INBOUND_BYTES / 1024 / 1024} MB`));
        const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
        receiveReply(db, Buffer.concat(chunks), recipients, options.domain).then(
          (reply) => {
            if (reply.duplicate) console.log(`Inbound SMTP: a reply received twice (${escapeForLog(reply.id)}) was stored once.`);
            callback();
          },
          (error: unknown) => {
            if (isDomainError(error)) {
              const code = error.code === "TOO_LARGE" ? 552 : error.code === "NOT_FOUND" ? 550 : 554;
              return callback(smtpError(code, error.message));
            }
            console.error("Inbound SMTP: could not store a reply:", error);
            callback(smtpError(451, "Temporary failure, try again later"));
          },
        );
      });
    },
  });
  server.on("error", (error) => console.error("Inbound SMTP:", error.message));
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The inbound SMTP listener could not listen on port ${options.port}: ${error.message}`));
    server.server.once("error", onError);
    server.listen(options.port, options.host, () => {
      server.server.off("error", onError);
      resolve();
    });
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
