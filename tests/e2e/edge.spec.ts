import { type APIRequestContext, expect, test } from "@playwright/test";
import { PASSWORD, STAFF_NAMES, uniqueEmail } from "./helpers";

// The HTTP edge of the production server under hostile input: what it refuses before any route
// reads the request, the ids it never hands to the database, and the headers on every answer.

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const SOME_JOB = "/jobs/00000000-0000-4000-8000-000000000000/some-job/apply";

/** Signs a new staff member up through the register form; the request context keeps the session cookie. */
async function signUp(request: APIRequestContext) {
  const response = await request.post("/register", {
    form: { ...STAFF_NAMES, email: uniqueEmail("edge"), password: PASSWORD, confirmPassword: PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/dashboard");
}

/** A published job of a new company, by its canonical apply path. */
async function publishedJobApplyPath(request: APIRequestContext, anonymous: APIRequestContext) {
  await signUp(request);
  const title = `Edge ${uniqueEmail("job").split("@")[0]}`;
  const created = await request.post("/manage/jobs/new", {
    form: { title, description: "Hostile input, handled.", "stages.0.name": "Applied" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  const list = await (await request.get(`/manage/jobs?q=${encodeURIComponent(title)}`)).text();
  const id = /\/manage\/jobs\/([0-9a-f-]{36})\/edit/.exec(list)?.[1];
  expect(id).toBeDefined();
  const published = await request.post(`/manage/jobs/${id}/status`, { form: { status: "published" }, maxRedirects: 0 });
  expect(published.status()).toBe(302);
  const job = await anonymous.get(`/jobs/${id}`, { maxRedirects: 0 });
  expect(job.status()).toBe(302);
  return `${job.headers()["location"]}/apply`;
}

test.describe("request bodies", () => {
  test("a 100 MB post to the apply page is refused at once with a short answer", async ({ request }) => {
    const hundredMegabytes = Buffer.alloc(100 * 1024 * 1024, "a");
    const started = Date.now();
    const response = await request.post(SOME_JOB, { headers: FORM, data: hundredMegabytes });
    expect(response.status()).toBe(413);
    const body = await response.text();
    expect(body).toMatch(/too large: at most 256 KB/);
    expect(body.length).toBeLessThan(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  test("300,000 parameters are refused, and so are too many fields within the size limit", async ({ request }) => {
    const many = await request.post(SOME_JOB, { headers: FORM, data: Array(300_000).fill("a=").join("&") });
    expect(many.status()).toBe(413);
    const small = await request.post(SOME_JOB, { headers: FORM, data: Array(100_000).fill("a").join("&") });
    expect(small.status()).toBe(413);
    expect(await small.text()).toMatch(/500 fields/);
  });

  test("page actions take only form bodies, well formed and without NUL characters", async ({ request }) => {
    const json = await request.post(SOME_JOB, { headers: { "content-type": "application/json" }, data: '{"candidate_name":"x"}' });
    expect(json.status()).toBe(415);
    const text = await request.post(SOME_JOB, { headers: { "content-type": "text/plain" }, data: "candidate_name=x" });
    expect(text.status()).toBe(415);
    const multipart = await request.post("/login", { headers: { "content-type": "multipart/form-data; boundary=edge" }, data: "not multipart" });
    expect(multipart.status()).toBe(400);
    expect(await multipart.text()).toBe("The form data is malformed.");
    const nul = await request.post("/login", { headers: FORM, data: "email=a%00b%40example.test&password=x" });
    expect(nul.status()).toBe(400);
    const nulMultipart = await request.post("/login", { multipart: { email: "a\0b@example.test", password: "x" } });
    expect(nulMultipart.status()).toBe(400);
    // A well-formed form still reaches the action (here: a failed validation, answered by the page).
    const fine = await request.post("/login", { multipart: { email: "not an email", password: "x" } });
    expect(fine.status()).toBe(400);
    expect(fine.headers()["content-type"]).toContain("text/html");
  });

  test("the apply form does not echo a value longer than its field's maximum", async ({ request, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const applyPath = await publishedJobApplyPath(request, anonymous);
    const long = "L".repeat(5_000);
    const response = await anonymous.post(applyPath, {
      form: { candidate_name: long, candidate_email: "short-and-kept@example.test", cover_letter: "Kept cover letter" },
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please keep your name under 200 characters");
    expect(html).toContain("short-and-kept@example.test");
    expect(html).not.toContain("LLLLLLLLLL");
    expect(html.length).toBeLessThan(200_000);
    await anonymous.dispose();
  });
});

test.describe("the request line", () => {
  test("a NUL byte in the address is a 400", async ({ request }) => {
    expect((await request.get("/jobs?q=a%00b")).status()).toBe(400);
    expect((await request.get("/manage/jobs?q=%00", { maxRedirects: 0 })).status()).toBe(400);
  });

  test("PUT, PATCH, DELETE and TRACE on pages are a 405 naming the allowed methods", async ({ request }) => {
    for (const method of ["PUT", "PATCH", "DELETE", "TRACE"]) {
      for (const path of ["/jobs", SOME_JOB, "/manage/jobs/new"]) {
        const response = await request.fetch(path, { method, maxRedirects: 0 });
        expect(`${method} ${path} ${response.status()}`).toBe(`${method} ${path} 405`);
        expect(response.headers()["allow"]).toBe("GET, HEAD, POST");
      }
    }
  });

  test("a malformed id is a 404, never a database error", async ({ request }) => {
    for (const path of ["/jobs/nope", "/jobs/nope/some-job", "/jobs/nope/some-job/apply"]) {
      expect(`${path} ${(await request.get(path)).status()}`).toBe(`${path} 404`);
    }
    expect((await request.post("/jobs/nope/some-job/apply", { form: { candidate_name: "x" } })).status()).toBe(404);
    await signUp(request);
    for (const path of ["/manage/jobs/nope", "/manage/jobs/nope/edit", "/applications/nope", "/email-templates/nope/edit"]) {
      expect(`${path} ${(await request.get(path)).status()}`).toBe(`${path} 404`);
    }
  });
});

test.describe("headers", () => {
  test("static files carry the security headers", async ({ request }) => {
    const response = await request.get("/favicon.svg");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["permissions-policy"]).toContain("camera=()");
  });

  test("pages deny browser features and framing", async ({ request }) => {
    const headers = (await request.get("/pricing")).headers();
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "interest-cohort"]) {
      expect(headers["permissions-policy"]).toContain(`${feature}=()`);
    }
    expect(headers["x-frame-options"]).toBe("DENY");
  });

  test("staff pages and their data are never stored; the public board keeps its caching", async ({ request, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const board = await anonymous.get("/jobs", { headers: { accept: "text/html" } });
    expect(board.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=5");
    await anonymous.dispose();

    await signUp(request);
    for (const path of ["/dashboard", "/dashboard.data", "/manage/jobs", "/manage/jobs.data", "/settings", "/jobs"]) {
      const response = await request.get(path);
      expect(`${path} ${response.status()} ${response.headers()["cache-control"]}`).toBe(`${path} 200 no-store`);
    }
  });
});
