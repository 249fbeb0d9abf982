import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/marketing/api-status";
import { setUpAppTestDatabase } from "../helpers/route-test";

// Issue 9: every visit to /api used to open a TCP connection to the mail server; 200 visits against
// an unresponsive host left 202 half-open sockets. Visits are now answered from the last measurement.
setUpAppTestDatabase();

let connections = 0;
const accepted = new Set<net.Socket>();
// Accepts and never answers nor closes, like a stuck mail host.
const mailHost = net.createServer({ allowHalfOpen: true }, (socket) => {
  connections += 1;
  accepted.add(socket);
});
let previousSmtpUrl: string | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => mailHost.listen(0, "127.0.0.1", resolve));
  previousSmtpUrl = process.env.SMTP_URL;
  process.env.SMTP_URL = `smtp://127.0.0.1:${(mailHost.address() as net.AddressInfo).port}`;
});

afterAll(async () => {
  if (previousSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = previousSmtpUrl;
  for (const socket of accepted) socket.destroy();
  await new Promise((resolve) => mailHost.close(resolve));
});

describe("the status page /api", () => {
  it("answers 200 visits with one measurement: one connection to the mail host, not one per visit", async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => loader()));
    for (let visit = 0; visit < 100; visit++) answers.push(await loader());

    expect(connections).toBe(1);
    expect(new Set(answers.map((answer) => answer.checkedAt)).size).toBe(1);
    const email = answers[0]!.services.find((service) => service.key === "email")!;
    expect(email.status).not.toBe("outage");
    expect(email.latencyMs).toEqual(expect.any(Number));
    expect(answers[0]!.updated).toBe("Updated just now");
  });
});
