// Budgets of issue 4, measured against the production build on PostgreSQL with 100,000 published jobs.
//
//   npm run build && node bench/jobs-bench.mjs
//
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/openhire_bench_jobs) is dropped and made
// anew. The script seeds it, starts `node server.js` on BENCH_PORT (default 3399), then runs
// autocannon against a static file, the entry script as a browser asks for it (br), /jobs,
// /jobs?q=..., a job page, /jobs as curl asks for it (no Accept), random deep pages and searches
// for a random term that matches nothing (each request a new term, so no cache helps), 10 s each;
// every answer's status, body and cache state (X-Cache) is checked and counted. Then the sizes of
// streamed pages against the same bytes gzipped at once, the server's memory under
// BENCH_MEMORY_SECONDS (default 60) of uncached load, the sitemaps (10 at once, with the server's
// memory) and the apply form (30 s), and one table. BENCH_REUSE=1 keeps a database already seeded
// with BENCH_JOBS jobs. The query plans of the board's searches come first (bench/board-plans.ts). Applications carry a different X-Forwarded-For each (the server
// trusts a proxy on loopback), so the per-client rate limit does not stop the load test.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { gunzipSync, gzipSync } from "node:zlib";
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";

const url = new URL(process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/openhire_bench_jobs");
const PORT = Number(process.env.BENCH_PORT ?? 3399);
const BASE = `http://127.0.0.1:${PORT}`;
const JOBS = Number(process.env.BENCH_JOBS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const APPLY_SECONDS = Number(process.env.BENCH_APPLY_SECONDS ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const MEMORY_SECONDS = Number(process.env.BENCH_MEMORY_SECONDS ?? 60);
// BENCH_ONLY=apply skips the page runs (when working on applying), BENCH_ONLY=pages the apply runs,
// BENCH_ONLY=feeds both (only the feeds), BENCH_ONLY=api only the public API's runs.
const ONLY = process.env.BENCH_ONLY;
const REUSE = process.env.BENCH_REUSE === "1";

async function recreateDatabase() {
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
}

// The server as `npm run serve` starts it, with its memory flags (decision 073).
const SERVE_FLAGS = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve.match(/node ((?:--\S+ )*)server\.js/)?.[1].trim().split(/\s+/).filter(Boolean) ?? [];

function startServer() {
  const server = spawn("node", [...SERVE_FLAGS, "server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATABASE_URL: url.toString(), BASE_URL: BASE, BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret", SEED_DEMO: "0" },
    stdio: ["ignore", "pipe", process.env.BENCH_VERBOSE ? "inherit" : "ignore"],
  });
  return new Promise((resolve, reject) => {
    server.stdout.on("data", (chunk) => {
      if (String(chunk).includes("listening")) resolve(server);
    });
    server.on("exit", (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function seed(client) {
  const words = ["Senior", "Junior", "Staff", "Lead", "Principal"];
  const roles = ["Engineer", "Designer", "Product Manager", "Data Analyst", "Recruiter", "Accountant", "Nurse", "Teacher", "Chef", "Electrician"];
  const cities = ["Berlin", "Lisbon", "New York", "London", "Paris", "Tokyo", "Remote", "Toronto", "Madrid", "Sydney"];
  // Each company has a careers page address (decision 108): company-1 … company-1000.
  await client.query(`insert into companies (name, website, slug)
    select 'Company ' || i, 'https://company' || i || '.example', 'company-' || i from generate_series(1, 1000) i`);
  await client.query(
    `with c as (select array_agg(id) as ids from companies)
     insert into jobs (company_id, title, description, requirements, location, type, status, published_at, form_schema,
                       salary_min, salary_max, salary_currency, salary_period, remote_type, department, featured)
     select (select ids from c)[1 + i % 1000],
            ($1::text[])[1 + i % 5] || ' ' || ($2::text[])[1 + (i / 5) % 10] || ' ' || i,
            'Join our team as a ' || ($2::text[])[1 + (i / 5) % 10] || '. You will work with great people on meaningful problems, ship often and learn every day.',
            'Experience as a ' || ($2::text[])[1 + (i / 5) % 10] || ', clear communication.',
            ($3::text[])[1 + i % 10],
            (array['full-time','part-time','contract','internship'])[1 + i % 4], 'published',
            now() - make_interval(mins => i),
            '[{"id":"notice","type":"select","label":"Notice period","required":true,"options":["Now","1 month"],"order":1}]'::jsonb,
            '50000', '80000', 'USD', 'yearly', (array['office','hybrid','remote'])[1 + i % 3],
            (array['Engineering','Design','Product','Data','People','Finance','Operations'])[1 + (i / 7) % 7],
            -- One job in 200 is featured (decision 108).
            i % 200 = 0
     from generate_series(1, ${JOBS}) i`,
    [words, roles, cities],
  );
  await client.query(`insert into pipeline_stages (company_id, job_id, name, description, "order")
    select company_id, id, 'Applied', 'Initial application received', 1 from jobs`);
  // As autovacuum leaves a table after a bulk load: statistics, visibility map, GIN pending list merged.
  await client.query("vacuum analyze");
}

/** The server's resident memory now and at its peak, in MB (Linux). */
function serverMemory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? NaN);
  return { rss: Math.round(kb("VmRSS") / 1024), peak: Math.round(kb("VmHWM") / 1024) };
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, ...(options.amount ? {} : { duration: SECONDS }), ...options }, (error, result) => (error ? reject(error) : resolve(result)));
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
}

const rows = [];
function report(name, result, extra = "") {
  const ok = result["2xx"] + result["3xx"];
  rows.push({ name, "req/s": Math.round(result.requests.average), "p50 ms": result.latency.p50, "p99 ms": result.latency.p99, ok, "non-2xx/3xx": result.non2xx - result["3xx"], errors: result.errors, extra });
}

async function seededJobs() {
  const probe = new pg.Client({ connectionString: url.toString() });
  try {
    await probe.connect();
    return Number((await probe.query("select count(*) from jobs where status = 'published'")).rows[0].count);
  } catch {
    return 0;
  } finally {
    await probe.end().catch(() => {});
  }
}

const reuse = REUSE && (await seededJobs()) === JOBS;
let server;
if (!reuse) {
  await recreateDatabase();
  console.log(`Starting the server on ${url.pathname.slice(1)} (migrations)…`);
  server = await startServer();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.on("exit", resolve));
}

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
if (reuse) console.log(`Reusing ${url.pathname.slice(1)}: ${JOBS.toLocaleString("en-US")} published jobs.`);
else {
  console.log(`Seeding ${JOBS.toLocaleString("en-US")} published jobs…`);
  await seed(client);
}
console.log("Query plans of the board's searches (EXPLAIN ANALYZE):");
spawnSync("npx", ["tsx", "bench/board-plans.ts", url.toString()], { stdio: "inherit" });
const { rows: [job] } = await client.query("select id, title from jobs order by published_at desc limit 1");
const slug = job.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
const jobPage = `/jobs/${job.id}/${slug}`;

server = await startServer();
try {
  const html = { accept: "text/html" };
  // Warm up once per page (first render, cache fill).
  for (const path of ["/favicon.svg", "/jobs", "/jobs?q=engineer%20berlin", jobPage]) await fetch(BASE + path, { headers: html });

  if (ONLY !== "apply" && ONLY !== "feeds") {
    const entryScript = readdirSync("build/client/assets").find((name) => /^entry\.client-.*\.js$/.test(name));
    const isBoard = (body) => body.includes("Find your next role") && body.includes("</html>");
    const pageRuns = [
      ["static /favicon.svg", { url: `${BASE}/favicon.svg`, headers: html }, (status, body) => status === 200 && body.includes("<svg")],
      [
        "entry script, Accept-Encoding: gzip, br",
        { url: `${BASE}/assets/${entryScript}`, headers: { "accept-encoding": "gzip, deflate, br" } },
        (status, _body, headers) => status === 200 && headers["content-encoding"] === "br",
      ],
      ["/jobs", { url: `${BASE}/jobs`, headers: html }, (status, body) => status === 200 && isBoard(body) && body.includes("Apply Now")],
      ["/jobs?q=engineer berlin", { url: `${BASE}/jobs?q=engineer%20berlin`, headers: html }, (status, body) => status === 200 && isBoard(body) && body.includes("Berlin")],
      ["job page", { url: `${BASE}${jobPage}`, headers: html }, (status, body) => status === 200 && body.includes(job.title)],
      // As curl and crawlers ask: no Accept header at all.
      ["/jobs, no Accept (curl)", { url: `${BASE}/jobs`, headers: { "user-agent": "curl/8.5.0" } }, (status, body) => status === 200 && isBoard(body)],
      [
        "/jobs?page=<random up to 4,000> uncached",
        { url: `${BASE}/jobs`, headers: html, requests: [{ setupRequest: (request) => ({ ...request, path: `/jobs?page=${1 + Math.floor(Math.random() * 4000)}` }) }] },
        (status, body) => status === 200 && isBoard(body) && (body.match(/Apply Now:/g) ?? []).length === 20,
      ],
      // Decision 110: the public job board API, a company's 100 jobs as JSON; kept by the page cache,
      // and with a new query on every request (an ignored parameter) so no cache helps.
      [
        "GET /api/v1/boards/company-1/jobs (cached)",
        { url: `${BASE}/api/v1/boards/company-1/jobs`, headers: { accept: "application/json" } },
        (status, body, headers) => status === 200 && headers["access-control-allow-origin"] === "*" && body.includes('"total":100,') && (body.match(/"absolute_url"/g) ?? []).length === 100,
      ],
      [
        "GET /api/v1/boards/company-<random>/jobs uncached",
        {
          url: `${BASE}/api/v1/boards/company-1/jobs`,
          headers: { accept: "application/json" },
          requests: [{ setupRequest: (request) => ({ ...request, path: `/api/v1/boards/company-${1 + Math.floor(Math.random() * 1000)}/jobs?r=${Math.random().toString(36).slice(2, 10)}` }) }],
        },
        (status, body) => status === 200 && body.includes('"total":100,') && (body.match(/"absolute_url"/g) ?? []).length === 100,
      ],
      // Decision 108: the board's filters and the careers pages, each request a new page or company so no cache helps.
      [
        "/jobs?type=&remote=&page=<random up to 400> uncached",
        {
          url: `${BASE}/jobs`,
          headers: html,
          requests: [{ setupRequest: (request) => ({ ...request, path: `/jobs?type=${["full-time", "part-time", "contract", "internship"][Math.floor(Math.random() * 4)]}&remote=${["office", "hybrid", "remote"][Math.floor(Math.random() * 3)]}&page=${1 + Math.floor(Math.random() * 400)}` }) }],
        },
        (status, body) => status === 200 && isBoard(body) && (body.match(/Apply Now:/g) ?? []).length >= 20,
      ],
      [
        "/jobs?location=<city>&department=<dept>&page=<random up to 60> uncached",
        {
          url: `${BASE}/jobs`,
          headers: html,
          requests: [{ setupRequest: (request) => ({ ...request, path: `/jobs?location=${["Berlin", "Lisbon", "Tokyo", "Remote"][Math.floor(Math.random() * 4)]}&department=${["Engineering", "Design", "Data"][Math.floor(Math.random() * 3)]}&page=${1 + Math.floor(Math.random() * 60)}` }) }],
        },
        (status, body) => status === 200 && isBoard(body) && (body.match(/Apply Now:/g) ?? []).length >= 20,
      ],
      [
        "/jobs?location=<random, matches nothing> uncached",
        { url: `${BASE}/jobs`, headers: html, requests: [{ setupRequest: (request) => ({ ...request, path: `/jobs?location=nowhere${Math.random().toString(36).slice(2, 10)}` }) }] },
        (status, body) => status === 200 && body.includes("No matching jobs found"),
      ],
      [
        "/companies/<random of 1,000> (careers page) uncached",
        { url: `${BASE}/jobs`, headers: html, requests: [{ setupRequest: (request) => ({ ...request, path: `/companies/company-${1 + Math.floor(Math.random() * 1000)}?page=${1 + Math.floor(Math.random() * 4)}` }) }] },
        (status, body) => status === 200 && body.includes("Careers at Company ") && (body.match(/Apply Now:/g) ?? []).length === 25,
      ],
      // A new term that matches nothing on every request: no cache helps.
      [
        "/jobs?q=<random, matches nothing> uncached",
        { url: `${BASE}/jobs`, headers: html, requests: [{ setupRequest: (request) => ({ ...request, path: `/jobs?q=nomatch${Math.random().toString(36).slice(2, 10)}` }) }] },
        (status, body) => status === 200 && body.includes("No matching jobs found"),
      ],
    ];
    for (const [name, options, check] of ONLY === "api" ? pageRuns.filter(([name]) => name.startsWith("GET /api")) : pageRuns) {
      let wrong = 0;
      const cache = {};
      const requests = (options.requests ?? [{}]).map((request) => ({
        ...request,
        onResponse: (status, body, _context, headers) => {
          const lower = Object.fromEntries(Object.entries(headers ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
          if (!check(status, String(body), lower)) wrong += 1;
          const state = lower["x-cache"] ?? "none";
          cache[state] = (cache[state] ?? 0) + 1;
        },
      }));
      const result = await run({ ...options, requests });
      report(name, result, `wrong ${wrong}; X-Cache ${Object.entries(cache).map(([state, n]) => `${state} ${n}`).join(", ")}`);
      if (wrong > 0) console.error(`${name}: ${wrong} wrong answers`);
    }

    // Streamed pages on the wire (gzip) against the same bytes gzipped at once, and the first byte.
    const sizes = [];
    for (const path of ["/", "/pricing", `/jobs?page=${2000 + Math.floor(Math.random() * 1000)}`, `/jobs?q=nomatch${Date.now()}`]) {
      const started = performance.now();
      const answer = await new Promise((resolve, reject) => {
        httpRequest(`${BASE}${path}`, { headers: { accept: "text/html", "accept-encoding": "gzip" } }, (response) => {
          const firstByte = performance.now() - started;
          const parts = [];
          response.on("data", (part) => parts.push(part));
          response.on("end", () => resolve({ firstByte, total: performance.now() - started, encoding: response.headers["content-encoding"], body: Buffer.concat(parts) }));
        })
          .on("error", reject)
          .end();
      });
      const page = answer.encoding === "gzip" ? gunzipSync(answer.body) : answer.body;
      sizes.push({
        page: path,
        "HTML KB": +(page.length / 1024).toFixed(1),
        "sent KB": +(answer.body.length / 1024).toFixed(1),
        "gzip at once KB": +(gzipSync(page).length / 1024).toFixed(1),
        "first byte ms": +answer.firstByte.toFixed(1),
        "last byte ms": +answer.total.toFixed(1),
      });
    }
    console.table(sizes);

    // Memory under sustained uncached load: deep pages and searches that match nothing, side by side.
    if (MEMORY_SECONDS > 0) {
      const before = serverMemory(server.pid);
      let peak = before.rss;
      const sampler = setInterval(() => (peak = Math.max(peak, serverMemory(server.pid).rss)), 250);
      const memoryRun = await run({
        url: `${BASE}/jobs`,
        headers: html,
        duration: MEMORY_SECONDS,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: Math.random() < 0.5 ? `/jobs?page=${1 + Math.floor(Math.random() * 4000)}` : `/jobs?q=nomatch${Math.random().toString(36).slice(2, 10)}`,
            }),
          },
        ],
      });
      clearInterval(sampler);
      const after = serverMemory(server.pid);
      report(`uncached pages, ${MEMORY_SECONDS} s (memory)`, memoryRun, `RSS ${before.rss} → ${after.rss} MB, sampled peak ${peak} MB (process peak ${after.peak} MB)`);
    }

    // Sitemaps: 10 crawlers at once, 30 answers each kind; the server's memory before and after.
    const sitemapFiles = Math.ceil(JOBS / 50_000);
    for (const [name, path] of [["/sitemap.xml (index)", "/sitemap.xml"], [`/sitemap-jobs.xml?page=1 (50,000 URLs)`, "/sitemap-jobs.xml?page=1"]]) {
      const sample = await fetch(BASE + path);
      const body = await sample.text();
      const before = serverMemory(server.pid);
      const result = await run({ url: BASE + path, connections: 10, amount: 30 });
      const after = serverMemory(server.pid);
      const urls = (body.match(/<loc>/g) ?? []).length;
      report(name, result, `${(body.length / 1e6).toFixed(1)} MB, ${urls} <loc>; RSS ${before.rss} → ${after.rss} MB (peak ${after.peak} MB)`);
      if (path === "/sitemap.xml" && urls !== sitemapFiles + 1) throw new Error(`the index names ${urls} sitemaps, expected ${sitemapFiles + 1}`);
      if (path !== "/sitemap.xml" && urls !== Math.min(JOBS, 50_000)) throw new Error(`${path} lists ${urls} jobs`);
    }
  }

  // Feeds (decision 109): the board's RSS and Atom (every published job) and a company's Indeed
  // feed, each read by 3 clients at once to the end, the server's memory sampled every 100 ms.
  if (ONLY !== "apply" && ONLY !== "api") {
    const feedRows = [];
    const perCompany = Math.ceil(JOBS / 1000);
    for (const [name, path, tag, expected] of [
      ["/jobs/feed.rss", "/jobs/feed.rss", "<item>", JOBS],
      ["/jobs/feed.atom", "/jobs/feed.atom", "<entry>", JOBS],
      ["/companies/company-1/indeed.xml", "/companies/company-1/indeed.xml", "<job>", perCompany],
    ]) {
      const before = serverMemory(server.pid).rss;
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, serverMemory(server.pid).rss);
      }, 100);
      const started = performance.now();
      const bodies = await Promise.all([0, 1, 2].map(() => fetch(BASE + path).then((response) => response.text())));
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      const counts = bodies.map((body) => body.split(tag).length - 1);
      if (counts.some((count) => count !== expected)) throw new Error(`${path}: ${counts.join(", ")} ${tag}, expected ${expected}`);
      feedRows.push({ feed: name, jobs: expected, MB: +(bodies[0].length / 1e6).toFixed(1), "3 at once, s": +seconds.toFixed(1), "server RSS before MB": before, "server RSS peak MB": peak });
    }
    console.table(feedRows);
  }

  if (ONLY !== "pages" && ONLY !== "feeds" && ONLY !== "api") await applyRuns();
  console.table(rows);
} finally {
  server.kill("SIGTERM");
  await client.end();
}

async function applyRuns() {
  let n = 0;
  const applyRequests = [
    {
      setupRequest: (request) => {
        n += 1;
        const body = new URLSearchParams({
          candidate_name: `Bench Candidate ${n}`,
          candidate_email: `bench-${randomUUID()}@example.test`,
          resume_url: "https://example.com/cv.pdf",
          cover_letter: "Hello!",
          "custom_fields.notice": "Now",
          privacy_consent: "on",
        }).toString();
        return {
          ...request,
          body,
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            "x-forwarded-for": `10.${n % 250}.${Math.floor(n / 250) % 250}.${Math.floor(n / 62500) % 250}`,
          },
        };
      },
    },
  ];
  // How far the background mail worker lags behind the applications (it shares the two cores).
  const emailLag = async (since) => {
    const { rows: [lag] } = await client.query(
      `select count(a.id)::int as applications, count(m.id)::int as sent,
              (select count(*)::int from application_email_queue) as queued,
              round(percentile_cont(0.5) within group (order by extract(epoch from m.sent_at - a.created_at) * 1000)) as p50,
              round(percentile_cont(0.99) within group (order by extract(epoch from m.sent_at - a.created_at) * 1000)) as p99,
              round(max(extract(epoch from m.sent_at - a.created_at) * 1000)) as max
       from applications a
       left join email_messages m on m.application_id = a.id and m.kind = 'application-received' and m.sent_at is not null
       where a.created_at >= $1`,
      [since],
    );
    return lag;
  };
  const countApplications = async () => Number((await client.query("select count(*) from applications")).rows[0].count);

  // Sustained: 30 s. Requests still in flight when the time is up are answered after autocannon
  // stops listening, so their rows are stored but not counted as answers.
  let before = await countApplications();
  const startedAt = new Date();
  const sustained = await run({ url: `${BASE}${jobPage}/apply`, duration: APPLY_SECONDS, method: "POST", requests: applyRequests });
  await new Promise((resolve) => setTimeout(resolve, 3000));
  report(`apply, ${APPLY_SECONDS} s`, sustained, `302s ${sustained["3xx"]}, rows ${(await countApplications()) - before} (incl. in flight at the end)`);
  const mail = await emailLag(startedAt);
  console.log(
    `Confirmation emails of the ${APPLY_SECONDS} s run: ${mail.sent} of ${mail.applications} applications sent (log transport), ` +
      `${mail.queued} still queued; from application to sent p50 ${mail.p50} ms, p99 ${mail.p99} ms, max ${mail.max} ms.`,
  );

  // Exact: a fixed number of requests, every one answered; stored rows must equal the 302s.
  before = await countApplications();
  const exact = await run({ url: `${BASE}${jobPage}/apply`, amount: 2000, method: "POST", requests: applyRequests });
  report("apply, 2,000 requests", exact, `302s ${exact["3xx"]}, rows ${(await countApplications()) - before}`);
}
