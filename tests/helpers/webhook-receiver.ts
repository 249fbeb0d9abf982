import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One message a test receiver took, checked with the Standard Webhooks reference library. */
export interface ReceivedWebhook {
  id: string;
  /** Whether `standardwebhooks` verified its signature with the endpoint's secret. */
  verified: boolean;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  headers: http.IncomingHttpHeaders;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** The statuses the next requests are answered with, in order; then 200. */
  answerNext(...statuses: number[]): void;
  /** The secret messages are verified with (set once the endpoint exists), or the secret of each path. */
  setSecret(secret: string | ((path: string) => string)): void;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 that verifies every message's signature as a receiver should. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const statuses: number[] = [];
  let secretOf: (path: string) => string = () => "";
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified = false;
      try {
        new Webhook(secretOf(request.url ?? "")).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      received.push({ id: String(request.headers["webhook-id"]), verified, payload: JSON.parse(body), headers: request.headers });
      const status = statuses.shift() ?? 200;
      response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "receiver says no");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerNext: (...next) => statuses.push(...next),
    setSecret: (value) => {
      secretOf = typeof value === "string" ? () => value : value;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
