/**
 * The candidates list's filters, tags and orders at the size issue 12 names (decision 084): one
 * company with 200,000 candidates and 1,000,000 applications to 200 jobs, and tags from one carried
 * by half the candidates to one carried by one. Times `listCandidates` itself (the statements the
 * page runs, one request at a time: the page's HTTP cost is bench:staff's) for every filter, alone
 * and combined, at the first page and a deep one, in both orders, and prints EXPLAIN (ANALYZE,
 * BUFFERS) of every statement. Every candidate has a two-page CV (600 to 900 words, its text made
 * in SQL, inserted with the triggers on, which write the search documents), so "Search candidates"
 * (decision 086) is timed at issue 12's size too: two words with a filter, common, rare and absent
 * words, a phrase, an exclusion, a name and a 10th page; a search that must find someone is checked.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/candidate-filters.ts
 *
 * Seeds the database `openhire_bench_candidates` once and reuses it (BENCH_RESEED=1 seeds it again).
 * BENCH_RUNS (default 20) runs of each case after one untimed run (median, p95 and max printed); BENCH_PLANS=0 leaves the plans out;
 * BENCH_ONLY=<text> runs the cases whose label contains it; BENCH_FEW_MATCHES=0 reads every search's
 * page group by group, as before decision 125, for a comparison. BENCH_HTTP=1 (after `npm run build`) then
 * times the search page over HTTP under load (port PORT, default 3401; BENCH_SECONDS, default 10;
 * BENCH_CONNECTIONS, default 10, or a list such as 1,2,5,10 for one run at each: where the load
 * begins to cost the budget, beside the budget's own ten). Each run says whether it is within issue 12's
 * p95 and, at ten connections or more, issue 11's (decision 149).
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { createAuth } from "~/server/accounts/auth.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { type CandidateFilters, listCandidates } from "~/server/candidates/queries.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import type { Actor } from "~/server/platform/tenancy.server";
import { benchDatabase, percentile, seededMarkSql, signIn, startServer, timeLoad, STAFF_BUDGET } from "./http-load";

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const NAME = "openhire_bench_candidates";
const SEEDED = "openhire candidates bench: seeded v4";
const CANDIDATES = 200_000;
const JOBS = 200;
const OTHER_COMPANIES = 50;
/** The big company's recruiter, who signs in for the HTTP run (BENCH_HTTP=1). */
const SECRET = "bench-secret-bench-secret-bench-secret";
const COMPANY = "Bench Company";
const EMAIL = "bench-candidates@example.test";
const PASSWORD = "correct horse battery staple";
const CV_BATCH = 10_000;
/** Issue 12's budget for the search, p95 ≤ 100 ms (issue 11's for every staff list is `STAFF_BUDGET`). */
const SEARCH_P95_MS = 100;

/**
 * The CVs' words (issue 12's "two-page CV texts"). SKILLS, 210 technology and domain words, most
 * common first: each candidate has 12 to 20 of them, drawn skewed towards the start (index
 * 10 * 21^r - 10 for r in [0, 1), so from the first 200 only: "python" is on 40% of the CVs, the
 * 200th on about 2.5%, the last ten, "blockchain" to "assembly", on none), and the experience
 * paragraphs mention their own skills only.
 * The rare words are a language on 200 CVs ("quechua") and a certification on 40 ("cobol").
 */
const SKILLS = [
  "python", "javascript", "sql", "java", "typescript", "react", "aws", "docker", "linux", "git",
  "postgresql", "node.js", "kubernetes", "agile", "scrum", "excel", "html", "css", "rest apis", "c#",
  "azure", "go", "terraform", "microservices", "ci/cd", "jenkins", "mysql", "spring", "django", "redis",
  "machine learning", "data analysis", "kafka", "graphql", "vue", "angular", "mongodb", "pandas", "tableau", "power bi",
  "salesforce", "jira", "figma", "ux research", "product management", "stakeholder management", "budgeting", "forecasting", "negotiation", "customer success",
  "google cloud", "ansible", "prometheus", "grafana", "elasticsearch", "rabbitmq", "nginx", "bash", "c++", "rust",
  "kotlin", "swift", "flutter", "react native", "php", "laravel", "ruby", "rails", "scala", "spark",
  "hadoop", "airflow", "dbt", "snowflake", "bigquery", "looker", "statistics", "r", "matlab", "tensorflow",
  "pytorch", "nlp", "computer vision", "deep learning", "distributed systems", "site reliability", "observability", "security", "penetration testing", "iso 27001",
  "gdpr", "soc 2", "accessibility", "seo", "content marketing", "copywriting", "brand strategy", "paid social", "google ads", "email marketing",
  "crm", "hubspot", "lead generation", "account management", "b2b sales", "saas", "pricing", "market research", "financial modelling", "accounting",
  "ifrs", "payroll", "procurement", "supply chain", "logistics", "lean", "six sigma", "quality assurance", "test automation", "selenium",
  "cypress", "playwright", "jest", "webpack", "vite", "next.js", "svelte", "tailwind", "sass", "storybook",
  "design systems", "illustrator", "photoshop", "sketch", "prototyping", "usability testing", "recruiting", "onboarding", "employer branding", "people operations",
  "coaching", "mentoring", "public speaking", "technical writing", "documentation", "localization", "translation", "customer support", "zendesk", "sla management",
  "incident response", "on-call", "capacity planning", "networking", "tcp/ip", "dns", "load balancing", "cdn", "serverless", "lambda",
  "dynamodb", "cassandra", "clickhouse", "timescaledb", "neo4j", "opensearch", "solr", "lucene", "etl", "data warehousing",
  "data governance", "mlops", "kubeflow", "mlflow", "feature stores", "a/b testing", "experimentation", "growth", "retention", "monetization",
  "fintech", "payments", "banking", "insurance", "healthcare", "hl7", "fhir", "e-commerce", "marketplaces", "edtech",
  "gaming", "unity", "unreal engine", "embedded", "firmware", "fpga", "verilog", "robotics", "ros", "iot",
  "blockchain", "solidity", "erlang", "elixir", "haskell", "ocaml", "clojure", "f#", "fortran", "assembly",
];
const TITLES = ["Software Engineer", "Senior Software Engineer", "Data Analyst", "Data Scientist", "Product Manager", "Product Designer", "Site Reliability Engineer", "Engineering Manager", "Account Executive", "Marketing Manager", "QA Engineer", "DevOps Engineer", "Frontend Developer", "Backend Developer", "Customer Success Manager", "Financial Analyst", "Operations Lead", "Recruiter", "Technical Writer", "Solutions Architect"];
const EMPLOYERS = ["Northwind Traders", "Contoso", "Globex", "Initech", "Umbrella Health", "Stark Logistics", "Wayne Financial", "Acme Retail", "Hooli", "Pied Piper", "Vandelay Industries", "Soylent Foods", "Tyrell Systems", "Cyberdyne", "Wonka Labs", "Oscorp", "Massive Dynamic", "Aperture Science", "Gringotts Bank", "Monarch Travel", "Blue Sun", "Weyland Mining", "Nakatomi Trading", "Dunder Mifflin", "Sterling Cooper", "Prestige Worldwide", "Bluth Company", "Krusty Foods", "Duff Beverages", "Planet Express"];
const CITIES = ["Lisbon", "Porto", "Berlin", "Munich", "Paris", "Lyon", "Madrid", "Barcelona", "Amsterdam", "Rotterdam", "London", "Manchester", "Dublin", "Warsaw", "Prague", "Vienna", "Zurich", "Stockholm", "Copenhagen", "Oslo", "Helsinki", "Tallinn", "Milan", "Rome", "Athens", "Brussels", "Remote", "New York", "Toronto", "Austin"];
/** Experience sentences, two skills each (%1$s, %2$s), about 13 words. */
const SENTENCES = [
  "Designed and built %1$s services used by thousands of customers every day, working closely with %2$s specialists.",
  "Led the migration from a legacy platform to %1$s, cutting costs by a third and improving %2$s.",
  "Worked with product and design to ship features in %1$s and %2$s every two weeks.",
  "Introduced %1$s to the team and wrote the guidelines that everyone still follows for %2$s.",
  "Owned the %1$s roadmap for a year, from discovery to delivery, alongside the %2$s work.",
  "Mentored four junior colleagues in %1$s and %2$s, two of whom were later promoted.",
  "Reduced incident response time by half through better %1$s practices and clearer %2$s dashboards.",
  "Ran weekly reviews of %1$s work with stakeholders from sales, support and %2$s.",
  "Automated the monthly reporting with %1$s, saving the finance team two days of %2$s every month.",
  "Built the internal tooling for %1$s that the whole company adopted, integrated with %2$s.",
  "Improved the reliability of the %1$s stack and documented the %2$s runbooks for the on-call rotation.",
  "Negotiated contracts with three vendors of %1$s tools and evaluated alternatives for %2$s.",
  "Presented our %1$s results at two industry conferences and a local %2$s meetup.",
  "Hired and onboarded a team of six people with backgrounds in %1$s and %2$s.",
  "Planned and delivered a redesign of the customer portal using %1$s and %2$s.",
  "Analysed usage data with %1$s to find where customers struggled, then fixed it with %2$s.",
  "Set up the testing strategy for %1$s, raising coverage and confidence in every %2$s release.",
  "Collaborated with colleagues in four countries to launch the %1$s offering and its %2$s integration.",
  "Kept the %1$s budget on track while the team grew from five to twenty people working on %2$s.",
  "Wrote the company's first guidelines for %1$s and trained every new hire in %2$s.",
  "Supported the sales team with %1$s demos and answered technical questions about %2$s.",
  "Cut page load times in half by profiling the %1$s code and caching with %2$s.",
  "Coordinated the yearly audit of %1$s processes together with the %2$s team.",
  "Built dashboards in %1$s that the leadership team used every week to follow %2$s.",
  "Took part in the on-call rotation for the %1$s platform and improved its %2$s alerts.",
  "Replaced manual spreadsheets with a %1$s workflow, connected to %2$s, that scaled with the business.",
  "Represented the team in the architecture council, arguing for %1$s over %2$s where it mattered.",
  "Delivered training sessions on %1$s and %2$s to more than a hundred colleagues.",
  "Shipped the mobile release on time despite changing requirements, using %1$s and %2$s.",
  "Helped the company pass its first external review of %1$s and %2$s controls.",
];
const SUMMARIES = [
  "Experienced professional with %s years of work in fast-growing companies, known for clear communication, ownership and a calm approach to difficult problems.",
  "Pragmatic and curious, with %s years of experience turning vague ideas into working products, and a habit of leaving things better documented than I found them.",
  "Team player with %s years of experience across startups and large organisations, comfortable with ambiguity and happiest when working close to customers.",
  "Detail-oriented specialist with %s years of experience, who enjoys mentoring, measuring what matters and shipping small improvements often.",
];
const DEGREES = ["BSc Computer Science", "MSc Data Science", "BA Economics", "BSc Mathematics", "MBA", "BA Design", "BSc Physics", "MSc Software Engineering", "BA Marketing", "BEng Electrical Engineering"];
const UNIVERSITIES = ["University of Lisbon", "Technical University of Munich", "Sorbonne University", "University of Amsterdam", "University College London", "Trinity College Dublin", "KTH Royal Institute of Technology", "Politecnico di Milano", "University of Warsaw", "ETH Zurich"];

const { databaseUrl, reuse } = await benchDatabase(NAME, SEEDED);

const handle = await openDatabase({ url: databaseUrl, max: 2, statementTimeoutMs: 0 });
await handle.migrate();
const db = handle.db;

if (!reuse) {
  const t0 = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const step = async (label: string, text: string, values: unknown[] = []) => {
    const start = performance.now();
    await client.query(text, values);
    console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  };
  console.log("Seeding (once)…");
  // The big company is the recruiter's own (named to sort first: "order by name limit 1" below).
  await registerAccount(createAuth(db, SECRET), { email: EMAIL, password: PASSWORD, fullName: "Bench Recruiter", companyName: COMPANY }, new Headers());
  // The search documents' GIN indexes are built once at the end (faster than keeping them row by
  // row), from their own definitions.
  const searchIndexes = (
    await client.query<{ indexdef: string; indexname: string }>(
      "select indexname, indexdef from pg_indexes where tablename = 'candidates' and indexname in ('candidates_search_names_idx', 'candidates_search_text_idx')",
    )
  ).rows;
  for (const index of searchIndexes) await client.query(`drop index ${index.indexname}`);
  // Bulk load with the row triggers and foreign-key checks off (replica role); the candidates'
  // last activity is written as the triggers would (their newest application's date).
  await client.query("set session_replication_role = replica");
  await client.query("set maintenance_work_mem = '256MB'");
  await step("companies", `insert into companies (id, name) select gen_random_uuid(), 'Company ' || g from generate_series(1, ${OTHER_COMPANIES}) g`);
  await step(
    "jobs",
    `insert into jobs (company_id, title, description, status, created_at)
     select c.id, 'Job ' || g, 'Work.', 'published', now() - (g * 3 || ' days')::interval
     from (select id, row_number() over (order by name) - 1 as r from companies) c
     cross join generate_series(1, ${JOBS}) g
     where c.r = 0 or g <= 2`,
  );
  await step(
    "pipeline_stages",
    `insert into pipeline_stages (company_id, job_id, name, "order")
     select j.company_id, j.id, s.name, s.ord from jobs j
     cross join (values ('Applied', 1), ('Screening', 2), ('Interview', 3), ('Offer', 4), ('Hired', 5)) as s(name, ord)`,
  );
  // Candidate n (0-based) of the big company: 1 to 9 applications (5 on average), the newest of
  // them at a time spread over two years, each older one 5 days before.
  await step(
    "candidates",
    `insert into candidates (company_id, name, email, email_key, source, last_applied_at, created_at)
     select c.id, f.first || ' ' || l.last || ' ' || n, lower(f.first || '.' || l.last || '.' || n || '@example.com'),
            lower(f.first || '.' || l.last || '.' || n || '@example.com'),
            case when n % 20 < 14 then 'job_board' when n % 20 < 17 then 'referrer' when n % 20 < 19 then 'campaign' else 'added' end,
            now() - ((n::bigint * 7919) % 63072000) * interval '1 second',
            now() - ((n::bigint * 7919) % 63072000) * interval '1 second' - (n % 9) * interval '5 days'
     from (select id from companies order by name limit 1) c
     cross join generate_series(0, ${CANDIDATES - 1}) n
     join (select first, row_number() over () - 1 as i from unnest(array['Olivia','Liam','Emma','Noah','Amelia','Oliver','Ava','Elijah','Sophia','Mateo','Isabella','Lucas','Mia','Levi','Evelyn','Asher','Harper','James','Luna','Leo']) first) f on f.i = n % 20
     join (select last, row_number() over () - 1 as i from unnest(array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Thomas','Taylor','Moore','Jackson','Martin']) last) l on l.i = (n / 20) % 20`,
  );
  await step(
    "candidates of the other companies",
    `insert into candidates (company_id, name, email, email_key)
     select c.id, 'Other ' || n, 'other.' || n || '@example.com', 'other.' || n || '@example.com'
     from (select id from companies order by name offset 1) c cross join generate_series(1, 200) n`,
  );
  await step(
    "applications",
    `with big_jobs as (select id, row_number() over (order by created_at) - 1 as k from jobs where company_id = (select id from companies order by name limit 1)),
          people as (select id, company_id, name, email, last_applied_at, (regexp_match(name, ' (\\d+)$'))[1]::int as n from candidates
                     where company_id = (select id from companies order by name limit 1))
     insert into applications (company_id, job_id, candidate_id, candidate_name, candidate_email, current_pipeline_stage_id, status, created_at)
     select p.company_id, j.id, p.id, p.name, p.email, s.id,
            case when (p.n + a) % 10 = 0 then 'rejected' when (p.n + a) % 10 = 1 then 'withdrawn' else 'active' end,
            p.last_applied_at - a * interval '5 days'
     from people p
     cross join lateral generate_series(0, p.n % 9) a
     join big_jobs j on j.k = (p.n * 13 + a * 37) % ${JOBS}
     join pipeline_stages s on s.job_id = j.id and s."order" = 1 + (p.n + a) % 5`,
  );
  await step(
    "applications of the other companies",
    `insert into applications (company_id, job_id, candidate_id, candidate_name, candidate_email, current_pipeline_stage_id, created_at)
     select c.company_id, j.id, c.id, c.name, c.email, s.id, c.last_applied_at
     from candidates c
     join lateral (select id from jobs where company_id = c.company_id order by created_at limit 1) j on true
     join pipeline_stages s on s.job_id = j.id and s."order" = 1
     where c.company_id <> (select id from companies order by name limit 1)`,
  );
  // Tags: Common on half the candidates, five on 5% each, Rare on 100, Single on one.
  await step(
    "tags",
    `insert into tags (company_id, name)
     select (select id from companies order by name limit 1), name
     from unnest(array['Common','Mid 1','Mid 2','Mid 3','Mid 4','Mid 5','Rare','Single']) name`,
  );
  await step(
    "candidate_tags",
    `with people as (select id, company_id, last_applied_at, (regexp_match(name, ' (\\d+)$'))[1]::int as n from candidates
                     where company_id = (select id from companies order by name limit 1)),
          t as (select id, name from tags)
     insert into candidate_tags (candidate_id, tag_id, company_id, candidate_last_applied_at)
     select p.id, t.id, p.company_id, p.last_applied_at from people p join t on
            (t.name = 'Common' and p.n % 2 = 0)
         or (t.name like 'Mid %' and p.n % 20 = substring(t.name from 5)::int * 3)
         or (t.name = 'Rare' and p.n % 2000 = 7)
         or (t.name = 'Single' and p.n = 123457)`,
  );
  // The row triggers were off: the names documents (name, email, tags) as the triggers write them.
  await step("search_names", `update candidates set search_names = candidate_names_document(name, email, phone, candidate_tag_names(id))`);
  await client.query("set session_replication_role = origin");
  // One CV per candidate of the big company, its text made here (600 to 900 words: a name line, a
  // summary, four to six jobs of eight to ten sentences, education, skills), inserted with the
  // triggers on, CV_BATCH at a time: the statement trigger writes each candidate's search_text.
  await client.query(
    "create function pg_temp.bench_r(n int, k int) returns float8 language sql immutable as $$ select (hashint4(n * 1000 + k)::bigint & 2147483647) / 2147483648.0::float8 $$",
  );
  await client.query(
    `create temp table bench_people as select id, company_id, name, email, (regexp_match(name, ' (\\d+)$'))[1]::int as n from candidates
     where company_id = (select id from companies order by name limit 1)`,
  );
  await client.query("create index on bench_people (n)");
  const cvStart = performance.now();
  for (let lo = 0; lo < CANDIDATES; lo += CV_BATCH) {
    await client.query(
      `insert into cvs (company_id, candidate_id, file_name, kind, size_bytes, sha256, storage_key, text_status, text, pages, extracted_at)
       select p.company_id, p.id, 'cv-' || p.n || '.pdf', 'pdf', 80000 + p.n % 90000, md5(p.id::text) || md5(p.n::text), 'bench/cvs/' || p.id, 'text', concat_ws(E'\\n',
         p.name || ' — ' || p.email || ' — ' || ($4::text[])[1 + p.n % 30],
         '', 'Summary', format(($6::text[])[1 + p.n % 4], 3 + p.n % 15) || ' Core strengths: ' || s.sk[1] || ', ' || s.sk[2] || ' and ' || s.sk[3] || '.',
         '', 'Experience',
         (select string_agg(format('%s at %s, %s, %s–%s.', ($2::text[])[1 + (p.n * 7 + e * 3) % 20], ($3::text[])[1 + floor(pg_temp.bench_r(p.n, 900 + e) * 30)::int], ($4::text[])[1 + (p.n + e) % 30],
                                   2022 - e * 3 - p.n % 2 - (p.n + e) % 3, 2025 - e * 3 - p.n % 2)
                            || ' ' || (select string_agg(format(($5::text[])[1 + floor(pg_temp.bench_r(p.n, 300 + e * 20 + j) * 30)::int],
                                                               s.sk[1 + floor(pg_temp.bench_r(p.n, 500 + e * 20 + j) * s.m)::int],
                                                               s.sk[1 + floor(pg_temp.bench_r(p.n, 700 + e * 20 + j) * s.m)::int]), ' ' order by j)
                                       from generate_series(1, 8 + (p.n + e) % 3) j), E'\\n\\n' order by e)
          from generate_series(0, 3 + p.n % 3) e),
         '', 'Education', ($7::text[])[1 + p.n % 10] || ', ' || ($8::text[])[1 + (p.n / 10) % 10] || ', ' || (2005 + p.n % 15) || '.',
         '', 'Skills', (select string_agg(distinct x, ', ') from unnest(s.sk) x),
         'Languages: English, ' || (array['Portuguese','German','French','Spanish','Dutch','Polish','Italian','Swedish'])[1 + p.n % 8]
           || case when p.n % 1000 = 3 then ', Quechua' else '' end || '.',
         case when p.n % 5000 = 7 then 'Certifications: COBOL modernisation practitioner.' end), 2, now()
       from bench_people p
       cross join lateral (select count(*)::int as m,
                                  array_agg(($1::text[])[1 + least(${SKILLS.length - 1}, floor(10 * exp(pg_temp.bench_r(p.n, k) * ln(21)) - 10)::int)] order by k) as sk
                           from generate_series(1, 12 + p.n % 9) k) s
       where p.n >= $9::int and p.n < $10::int`,
      [SKILLS, TITLES, EMPLOYERS, CITIES, SENTENCES, SUMMARIES, DEGREES, UNIVERSITIES, lo, lo + CV_BATCH],
    );
    process.stdout.write(`\r  cvs: ${Math.min(lo + CV_BATCH, CANDIDATES).toLocaleString("en-US")} in ${((performance.now() - cvStart) / 1000).toFixed(0)} s`);
  }
  console.log("");
  for (const index of searchIndexes) await step(index.indexname, index.indexdef);
  // The two updates above wrote every candidate twice, and every other index of the table with it
  // (the trigram indexes of names and emails grew 2 to 3 times and a search by part of a name read
  // them that much slower); a deployment's were rebuilt by migration 0012's table rewrite.
  await step("reindex candidates", "reindex table candidates");
  await step("vacuum analyze", "vacuum analyze");
  await client.query(seededMarkSql(NAME, SEEDED));
  await client.end();
  console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
}

const [company] = await queryRows<{ id: string }>(db, sql`select id from companies order by name limit 1`);
const actor: Actor = { userId: "bench", companyId: company!.id };
const [sizes] = await queryRows<Record<string, number>>(
  db,
  sql`select (select count(*)::int from candidates where company_id = ${actor.companyId}) as candidates,
             (select count(*)::int from applications where company_id = ${actor.companyId}) as applications,
             (select count(*)::int from candidate_tags where company_id = ${actor.companyId}) as tag_links`,
);
console.log("Data set:", sizes);
const [search] = await queryRows<Record<string, string | number>>(
  db,
  sql`select (select count(*)::int from cvs where company_id = ${actor.companyId} and text is not null) as cvs,
             (select round(avg(array_length(regexp_split_to_array(text, '\\s+'), 1)))::int from (select text from cvs where company_id = ${actor.companyId} limit 2000) v) as cv_words_avg,
             (select count(*)::int from candidates where company_id = ${actor.companyId} and search_text = ''::tsvector) as empty_search_text,
             (select count(*)::int from candidates where company_id = ${actor.companyId} and search_names = ''::tsvector) as empty_search_names,
             pg_size_pretty(pg_total_relation_size('candidates')) as candidates_total,
             pg_size_pretty(pg_total_relation_size('cvs')) as cvs_total,
             pg_size_pretty(pg_relation_size('candidates_search_names_idx')) as search_names_idx,
             pg_size_pretty(pg_relation_size('candidates_search_text_idx')) as search_text_idx`,
);
console.log("Search documents:", search);
if (Number(search!.empty_search_text) > 0 || Number(search!.empty_search_names) > 0) throw new Error("Some candidates have an empty search document");

const jobs = await queryRows<{ id: string; applications: number }>(
  db,
  sql`select j.id, (select count(*)::int from applications a where a.job_id = j.id) as applications from jobs j where j.company_id = ${actor.companyId} order by j.created_at desc`,
);
const job = jobs[100]!;
const [stage] = await queryRows<{ id: string }>(db, sql`select id from pipeline_stages where job_id = ${job.id} and "order" = 2`);
/** A candidate in the middle of the list by last activity, and by name, for deep pages. */
const [middle] = await queryRows<{ at: string; id: string; name_key: string }>(
  db,
  sql`select (extract(epoch from last_applied_at) * 1000000)::bigint::text as at, id, lower(name) as name_key
      from candidates where company_id = ${actor.companyId} order by last_applied_at desc, id desc offset ${CANDIDATES / 2} limit 1`,
);
const byActivity = { at: middle!.at, id: middle!.id };
const byName = { at: middle!.name_key, id: middle!.id };
const yearAgo = new Date(Date.now() - 365 * 86_400_000);
const week = { appliedFrom: yearAgo, appliedBefore: new Date(yearAgo.getTime() + 7 * 86_400_000) };

/** A two-word search with a filter, a page at a time: the cursor of its 10th page. */
const deepQuery: CandidateFilters = { q: "python sql", source: "job_board" };
let deepCursor: CandidateFilters["after"];
for (let i = 0; i < 9; i++) {
  const page = await listCandidates(db, actor, { ...deepQuery, after: deepCursor });
  if (!page.next) throw new Error(`'${deepQuery.q}' has only ${i + 1} pages`);
  deepCursor = page.next;
}

/** A case: its label, its filters, and (searches) whether it must find someone. */
type Case = [string, CandidateFilters, { finds?: boolean }?];
const finds = { finds: true };
const allCases: Case[] = [
  ["no filter, first page", {}],
  ["no filter, deep page", { after: byActivity }],
  ["tag Common (100,000), first page", { tag: "Common" }],
  ["tag Common, deep page", { tag: "Common", after: byActivity }],
  ["tag Mid 1 (10,000), first page", { tag: "Mid 1" }],
  ["tag Mid 1, deep page", { tag: "Mid 1", after: byActivity }],
  ["tag Rare (100)", { tag: "Rare" }],
  ["tag Single (1)", { tag: "Single" }],
  [`job (${job.applications.toLocaleString("en-US")} applications)`, { jobId: job.id }],
  ["job, deep page", { jobId: job.id, after: byActivity }],
  ["job and stage", { jobId: job.id, stageId: stage!.id }],
  ["job and status rejected", { jobId: job.id, status: "rejected" }],
  ["status withdrawn (any application)", { status: "withdrawn" }],
  ["applied within one week a year ago", week],
  ["applied since a year ago", { appliedFrom: yearAgo }],
  ["applied within a week, tag Mid 2", { ...week, tag: "Mid 2" }],
  ["source campaign, tag Common", { source: "campaign", tag: "Common" }],
  ["job and tag Rare (intersection: none or few)", { jobId: job.id, tag: "Rare" }],
  ["job, status active, tag Common, applied since a year ago", { jobId: job.id, status: "active", tag: "Common", appliedFrom: yearAgo }],
  ["search 'olivia', tag Mid 1 (no one is both)", { q: "olivia", tag: "Mid 1" }],
  ["search 'noah', tag Mid 1", { q: "noah", tag: "Mid 1" }],
  ["search 'smith 12'", { q: "smith 12" }],
  ["by name, first page", { sort: "name" }],
  ["by name, deep page", { sort: "name", after: byName }],
  ["by name, tag Mid 1", { sort: "name", tag: "Mid 1" }],
  ["by name, job", { sort: "name", jobId: job.id }],
  ["by name, search 'olivia'", { sort: "name", q: "olivia" }],
  // Full-text search over names, tags and CV texts (decision 086), best match first.
  ["search 'kubernetes terraform', source referrer", { q: "kubernetes terraform", source: "referrer" }, finds],
  ["search 'python sql' (two common words), source job_board", { q: "python sql", source: "job_board" }, finds],
  ["search 'kubernetes terraform', job", { q: "kubernetes terraform", jobId: job.id }, finds],
  ["search 'kubernetes terraform', tag Mid 1", { q: "kubernetes terraform", tag: "Mid 1" }, finds],
  ["search 'kubernetes terraform', applied since a year ago", { q: "kubernetes terraform", appliedFrom: yearAgo }, finds],
  ["search 'react typescript' (no filter)", { q: "react typescript" }, finds],
  ["search 'python' (common word)", { q: "python" }, finds],
  ["search 'team' (in nearly every CV)", { q: "team" }, finds],
  ["search 'team customers', source campaign", { q: "team customers", source: "campaign" }, finds],
  ["search 'robotics' (a skill of the tail)", { q: "robotics" }, finds],
  ["search 'quechua' (200 CVs)", { q: "quechua" }, finds],
  ["search 'cobol' (40 CVs)", { q: "cobol" }, finds],
  ["search 'cobol quechua' (no one is both)", { q: "cobol quechua" }],
  ['search \'"machine learning"\' (phrase), source referrer', { q: '"machine learning"', source: "referrer" }, finds],
  ['search \'"distributed systems" kafka\'', { q: '"distributed systems" kafka' }, finds],
  ["search 'kubernetes -java' (exclusion), source referrer", { q: "kubernetes -java", source: "referrer" }, finds],
  ["search 'olivia smith' (a name)", { q: "olivia smith" }, finds],
  ["search 'liam' (a name, also partial)", { q: "liam" }, finds],
  ["search 'python sql', source job_board, 10th page", { ...deepQuery, after: deepCursor }, finds],
];

/** BENCH_ONLY=<text>: the cases whose label contains it. */
const cases = allCases.filter(([label]) => !process.env.BENCH_ONLY || label.includes(process.env.BENCH_ONLY));


/** BENCH_FEW_MATCHES=0: every search's page looked for group by group, as before decision 125, to compare. */
const searchTuning = process.env.BENCH_FEW_MATCHES ? { fewMatches: Number(process.env.BENCH_FEW_MATCHES) } : {};

/** Median, p95 and max of the runs, in ms. */
async function time(filters: CandidateFilters) {
  await listCandidates(db, actor, filters, searchTuning);
  const times: number[] = [];
  let answer: Awaited<ReturnType<typeof listCandidates>> | undefined;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    answer = await listCandidates(db, actor, filters, searchTuning);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    median: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1)!,
    answer: answer!,
    total: answer!.totalCapped ? `${answer!.total}+` : String(answer!.total),
  };
}

console.log(`Runs per case: ${RUNS}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`\n| Case | rows | matches | median ms | p95 ms | max ms |\n|---|---:|---:|---:|---:|---:|`);
let wrong = 0;
for (const [label, filters, expect] of cases) {
  const r = await time(filters);
  // A search that must find someone finds them, and says of every row where it matched.
  const problems: string[] = [];
  if (expect?.finds && r.answer.rows.length === 0) problems.push("no rows");
  if (filters.q && filters.sort !== "name" && r.answer.rows.some((row) => !("match" in row) || !row.match)) problems.push("a row without its match");
  if (problems.length > 0) wrong++;
  console.log(`| ${label} | ${r.answer.rows.length} | ${r.total} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} |${problems.length ? ` WRONG: ${problems.join(", ")}` : ""}`);
}
console.log(`Load average after the timings: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
if (wrong > 0) process.exitCode = 1;

if (process.env.BENCH_PLANS !== "0") {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  const captured: { text: string; values: unknown[] }[] = [];
  const originalQuery = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = (...args: unknown[]) => {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === "string") captured.push({ text: first, values: second ?? [] });
    else captured.push({ text: first.text, values: first.values ?? second ?? [] });
    return originalQuery(...args);
  };
  for (const [label, filters] of cases) {
    captured.length = 0;
    await listCandidates(db, actor, filters);
    const statements = [...captured];
    for (const [index, statement] of statements.entries()) {
      const explained = (await originalQuery(`explain (analyze, buffers) ${statement.text}`, statement.values)) as { rows: { "QUERY PLAN": string }[] };
      console.log(`\n--- ${label}${statements.length > 1 ? ` (${index + 1}/${statements.length})` : ""}\n${statement.text}\n-- ${JSON.stringify(statement.values)}`);
      console.log(explained.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
  }
}
// BENCH_HTTP=1 (after `npm run build`): the search page over HTTP under load, as bench:staff times
// its pages: the production server signed in as the company's recruiter, autocannon with 10
// connections (or each of BENCH_CONNECTIONS in turn) for BENCH_SECONDS (10), each request two other
// skills and one of three sources; a wrong answer fails the bench.
if (process.env.BENCH_HTTP === "1") {
  const { base, server } = await startServer({ port: Number(process.env.PORT ?? 3401), databaseUrl: databaseUrl, secret: SECRET });
  console.log(`\nServer pid ${server.pid} on ${base}`);
  try {
    const cookie = await signIn(base, EMAIL, PASSWORD);
    const words = SKILLS.slice(0, 80).filter((word) => /^[a-z]+$/.test(word));
    const sources = ["job_board", "referrer", "campaign"];
    const target = (i: number) => ({
      path: `/candidates?q=${encodeURIComponent(`${words[(i * 7) % words.length]} ${words[(i * 13 + 5) % words.length]}`)}&source=${sources[i % 3]}`,
      word: words[(i * 7) % words.length]!,
    });
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${base}${target(i).path}`, { headers: { cookie } });
      const body = await response.text();
      // The page answers 200 with the search in its box and rows of the company's candidates.
      if (response.status !== 200 || !body.includes(target(i).word) || !/[a-z]+\.[a-z]+\.\d+@example\.com/.test(body)) {
        throw new Error(`${target(i).path} answered ${response.status} without the search or its rows`);
      }
    }
    const levels = (process.env.BENCH_CONNECTIONS ?? "10").split(",").map((level) => Number(level.trim()));
    if (levels.some((level) => !Number.isInteger(level) || level < 1)) throw new Error(`BENCH_CONNECTIONS must list whole numbers of connections: "${process.env.BENCH_CONNECTIONS}"`);
    for (const connections of levels) {
      const loadBefore = os.loadavg();
      const run = await timeLoad({
        base,
        cookie,
        path: (i) => target(i).path,
        check: (i, status, body) => status === 200 && body.includes(target(i).word),
        seconds: Number(process.env.BENCH_SECONDS ?? 10),
        warmup: 3,
        connections,
        server,
      });
      // Issue 12's budget is the search's p95 at whatever load the run puts on it; issue 11's asks
      // for it at ten users at once, with at least 100 answers a second (decision 149).
      const issue12 = run.p95 <= SEARCH_P95_MS ? "ok" : "OVER";
      const issue11 = connections < STAFF_BUDGET.connections ? "—" : run.p95 <= STAFF_BUDGET.p95Ms && run.rps >= STAFF_BUDGET.rps ? "ok" : "OVER";
      console.log(
        `/candidates?q=<two skills>&source=…, ${connections} connection${connections === 1 ? "" : "s"}: ${run.rps.toFixed(1)} req/s, ${run.answers} answers, p50 ${run.p50.toFixed(0)} ms, p95 ${run.p95.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms (autocannon p50/p97.5/p99 ${run.autocannon.join("/")} ms), ${run.errors} wrong answers${run.cpu ? `; CPU a request: server ${run.cpu.server.toFixed(1)} ms, PostgreSQL ${run.cpu.database.toFixed(1)} ms, bench ${run.cpu.bench.toFixed(1)} ms` : ""}; load average ${loadBefore.map((l) => l.toFixed(1)).join(" ")} → ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}; issue 12 (p95 ≤ ${SEARCH_P95_MS} ms): ${issue12}; issue 11 (${STAFF_BUDGET.connections} users, p95 ≤ ${STAFF_BUDGET.p95Ms} ms, ≥ ${STAFF_BUDGET.rps} req/s): ${issue11}`,
      );
      if (run.errors > 0) process.exitCode = 1;
    }
  } finally {
    server.kill("SIGTERM");
  }
}
await handle.close();
