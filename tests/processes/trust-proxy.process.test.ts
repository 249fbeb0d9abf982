import { expect, it } from "vitest";
import { startServer } from "../helpers/server-process";

it("an unknown TRUST_PROXY stops the server at start with a message naming the accepted forms", async () => {
  const server = await startServer({ PGLITE_DIR: "build/process-trust-proxy-never-created", TRUST_PROXY: "yes" });
  expect(await server.exited).toBe(1);
  expect(server.output()).toContain('TRUST_PROXY="yes" is not understood');
  expect(server.output()).toContain("a hop count (1, 2, …), true, false, loopback");
});
