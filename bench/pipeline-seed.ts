/**
 * Seeds one staff account, one job and N applications in it (spread over the stages), for
 * the pipeline bench and for looking at a full board by hand.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/pipeline-seed.ts [count]
 *   PGLITE_DIR=/tmp/workspace-data npx tsx bench/pipeline-seed.ts [count]
 *
 * Prints JSON: { email, password, jobId, cookie }.
 */
import { sql } from "drizzle-orm";
import { createAuth } from "~/server/accounts/auth.server";
import { openDatabase, queryRows } from "~/server/platform/db.server";
import { registerAccount } from "~/server/accounts/sign-up.server";
import { createJob } from "~/server/jobs/jobs.server";
import { CreateJobSchema } from "~/schemas/job";

const count = Number(process.argv[2] ?? 5000);
const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dataDir: process.env.PGLITE_DIR ?? "/tmp/workspace-data" },
);
await handle.migrate();
const auth = createAuth(handle.db, process.env.BETTER_AUTH_SECRET ?? "bench-secret-bench-secret-bench-secret");
const email = `bench-${Date.now()}@example.test`;
const password = "correct horse battery staple";
const { userId, cookies } = await registerAccount(auth, { email, password, fullName: "Bench Recruiter", companyName: "Bench Company" }, new Headers());
const [profile] = await queryRows<{ company_id: string }>(handle.db, sql`select company_id from profiles where id = ${userId}`);
const companyId = profile!.company_id;
const job = await createJob(
  handle.db,
  { userId, companyId },
  CreateJobSchema.parse({
    title: "Senior Platform Engineer",
    description: "Run the platform.",
    location: "Remote",
    form_schema: [{ id: "why", type: "textarea", label: "Why do you want to join?", required: false, order: 1 }],
  }),
);
// Most candidates wait in Applied; the rest spread over the other stages.
await handle.db.execute(sql`
  insert into applications (company_id, job_id, candidate_name, candidate_email, resume_url, form_data, current_pipeline_stage_id, status, created_at)
  select ${companyId}, ${job.id}, 'Candidate ' || g, 'candidate' || g || '@example.test', 'https://example.test/cv/' || g || '.pdf',
         jsonb_build_object('cover_letter', 'Hello from candidate ' || g, 'custom_fields', jsonb_build_object('why', 'Reason ' || g)),
         (select id from pipeline_stages s where s.job_id = ${job.id}
            order by s."order" offset (case when g % 10 < 6 then 0 else (g % 10) - 5 end) limit 1),
         case when g % 17 = 0 then 'rejected' else 'active' end,
         now() - (g || ' minutes')::interval
  from generate_series(1, ${count}) g`);
await handle.db.execute(sql`analyze applications`);
await handle.close();
console.log(JSON.stringify({ email, password, jobId: job.id, cookie: cookies.map((c) => c.split(";")[0]).join("; ") }));
