import { describe, expect, it } from "vitest";
import { markPrivateAnswer } from "./private-answers.server";

const answer = (headers: HeadersInit = {}) => new Response("x", { headers: { "Cache-Control": "public, max-age=300", ...headers } });
const request = (cookie?: string) => new Request("http://localhost/dashboard", { headers: cookie ? { cookie } : {} });

describe("markPrivateAnswer", () => {
  it("forbids storing answers to a signed-in session, secure cookie or not", () => {
    for (const cookie of ["better-auth.session_token=abc", "tz=UTC; __Secure-better-auth.session_token=abc"]) {
      const response = answer();
      markPrivateAnswer(request(cookie), response);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });

  it("forbids storing an answer that sets a cookie", () => {
    const response = answer({ "Set-Cookie": "better-auth.session_token=abc; Path=/" });
    markPrivateAnswer(request(), response);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("leaves anonymous answers' caching alone", () => {
    const response = answer();
    markPrivateAnswer(request("tz=Europe/Berlin"), response);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
  });
});
