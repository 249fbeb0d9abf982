import { Link } from "react-router";
import type { Route } from "./+types/documentation";
import { IconBadge, PageHeader, Section } from "~/components/marketing/sections";
import { marketingMeta, staticPageHeaders } from "~/components/marketing/seo";
import { DOC_CARDS } from "~/content/learning";
import { API_KEY_PREFIX } from "~/schemas/api-keys";
import { API_MAX_LIMIT } from "~/schemas/staff-api";
import { config } from "~/server/platform/config.server";
import { RATE_LIMITS } from "~/server/platform/rate-limit.server";
import { type ReferenceOperation, staffApiDocument, staffApiReference } from "~/server/staff-api/openapi.server";

export const headers = staticPageHeaders;

export const meta: Route.MetaFunction = (args) =>
  marketingMeta(args, {
    title: "Documentation",
    description: "Get started with OpenHire, explore the API reference, follow step-by-step guides and run OpenHire yourself with the CLI tools.",
  });

/** The staff API's reference, read from its OpenAPI document (decision 112). */
export function loader() {
  return { staffApi: staffApiReference(staffApiDocument(config.baseUrl)), rateLimit: RATE_LIMITS.staffApi.limit };
}

export default function Documentation({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Documentation" title="Learn how to use OpenHire" lead="Everything you need to set up your hiring, connect your systems and run OpenHire your way." />
      <Section>
        <ul className="grid gap-6 md:grid-cols-2">
          {DOC_CARDS.map((card) => (
            <li key={card.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconBadge name={card.icon} />
              <h2 className="mt-4 text-xl font-semibold text-slate-950">{card.title}</h2>
              <p className="mt-2 text-sm leading-6 text-slate-600">{card.description}</p>
              <ul className="mt-5 space-y-2 border-t border-slate-100 pt-5">
                {card.links.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to} className="text-sm font-medium text-brand-700 hover:text-brand-800">
                      {link.label} <span aria-hidden="true">→</span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </Section>
      <Section>
        <StaffApiReference operations={loaderData.staffApi} rateLimit={loaderData.rateLimit} />
      </Section>
      <Section>
        <div id="job-board-api" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">The job board API and feeds</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              Every company has a careers page at <code>/companies/&lt;address&gt;</code>; its admins choose the address in Settings › Careers
              page. The same address names the company&apos;s board in the API and its feeds. The API needs no key, any site&apos;s script may
              read it, and its answers are shaped like Greenhouse&apos;s Job Board API, so integrations written for that map across.
            </p>
            <ul className="list-disc space-y-2 pl-5">
              <li>
                <code>GET /api/v1/boards/&lt;address&gt;/jobs</code>: the company&apos;s open jobs, newest first, 500 a page (<code>?page=2</code>,
                with <code>meta.total</code> and <code>meta.next_page</code>). Add <code>?content=true</code> for each job&apos;s description as HTML.
              </li>
              <li>
                <code>GET /api/v1/boards/&lt;address&gt;/jobs/&lt;job id&gt;</code>: one job with its description and its application form&apos;s{" "}
                <code>questions</code>, each with the field <code>name</code> to send, its <code>type</code> and its choices. The last two are the
                candidate&apos;s consent: <code>privacy_consent</code> (required: they agree to the company&apos;s privacy notice, given in{" "}
                <code>data_compliance</code> as Greenhouse does) and <code>talent_pool_consent</code> (optional). Show the notice and send{" "}
                <code>on</code> only when the candidate ticked the box. When the company asks its equal-opportunity survey,{" "}
                <code>demographic_questions</code> lists its questions (fields such as <code>eeo.gender</code>, each answer&apos;s{" "}
                <code>value</code> to send): every one is optional, so send only what the candidate chose, with the explanation shown beside them.
                The answers are kept apart from the application and never returned by any API.
              </li>
              <li>
                <code>POST /api/v1/boards/&lt;address&gt;/jobs/&lt;job id&gt;/applications</code>: an application, as a form post
                (<code>multipart/form-data</code> with a CV file, or urlencoded) with those field names. It is checked and limited exactly as the
                job&apos;s own form is, and answers <code>201</code>, or an error such as{" "}
                <code>{`{"error": {"code": "invalid", "message": "…", "fields": {"candidate_email": "…"}}}`}</code>. Send it from your server:
                browsers may not post it from another site.
              </li>
              <li>
                Feeds: <code>/companies/&lt;address&gt;/feed.rss</code>, <code>feed.atom</code> and <code>indeed.xml</code> (Indeed&apos;s XML
                format), and the whole board&apos;s <code>/jobs/feed.rss</code> and <code>/jobs/feed.atom</code>.
              </li>
            </ul>
          </div>
        </div>
      </Section>
      <Section>
        <div id="webhooks" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">Webhooks</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              Admins add endpoints in Settings › Webhooks and choose each one&apos;s events: <code>application.created</code>,{" "}
              <code>application.stage_changed</code>, <code>application.status_changed</code>, <code>candidate.hired</code>,{" "}
              <code>interview.scheduled</code>, <code>interview.rescheduled</code>, <code>interview.cancelled</code>,{" "}
              <code>scorecard.submitted</code>, <code>candidate.merged</code>, <code>job.created</code> and <code>job.status_changed</code>.
              Each event is POSTed as JSON: <code>{`{"type": "candidate.hired", "timestamp": "…", "data": {"application_id": "…", "candidate_id": "…", "job_id": "…", …}}`}</code>.
            </p>
            <p>
              Deliveries are signed as the <a href="https://www.standardwebhooks.com/" className="font-medium text-brand-700 hover:text-brand-800">Standard Webhooks</a>{" "}
              specification says: the headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code> (
              <code>v1,</code> and the base64 HMAC-SHA256 of <code>id.timestamp.body</code>, keyed by the endpoint&apos;s secret). Any Standard
              Webhooks library verifies them with the secret shown on the endpoint&apos;s page. Answer with a 2xx status within 10 seconds;
              redirects are not followed.
            </p>
            <p>
              A delivery that fails is tried again 8 times, each wait about twice the last (from 30 seconds to about an hour), with the same{" "}
              <code>webhook-id</code>: use it to ignore a message you already have. After 10 deliveries in a row fail every attempt, the
              endpoint is disabled and your admins are emailed. The endpoint&apos;s page shows each delivery with its answer, and sends any of
              them again. Endpoints must be public internet addresses: loopback and private networks are refused.
            </p>
          </div>
        </div>
      </Section>
      <Section>
        <div id="matching" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">How matching works</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              <strong>Sort by match</strong>, on a job's pipeline or on the candidates list filtered by a job, ranks the job's applicants by how
              much of its requirements their CV, answers and tags cover. It runs on your own server: no data leaves it, nothing is learned,
              and the same applicants always rank the same way.
            </p>
            <p>
              The job's terms are the words of its Requirements that can name something a CV shows (React, TypeScript, Kubernetes, CI/CD,
              C++), once each, up to twenty. Common words and the filler of job ads ("experience", "strong", "years") are left out. The
              ranking page shows the terms, and editing the requirements changes them.
            </p>
            <p>
              An applicant has a term when their CV text, their answers or their tags contain it, as search finds words ("engineers" covers
              "engineer"). The score is the share of terms found, out of 100, and nothing else. Every applicant shows the terms that produced
              the score: <em>Matched: React, TypeScript · Missing: Kubernetes</em>.
            </p>
          </div>
        </div>
      </Section>
      <Section>
        <div id="structured-hiring" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">How structured hiring works</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              <strong>Roles.</strong> Each member of your company is an Admin (everything, including the company&apos;s settings and team), a
              Recruiter (every job and candidate), a Hiring manager (the jobs whose hiring team they are on: they see and move those candidates
              and give feedback) or an Interviewer (only the candidates they are asked to review: the CV and the answers, without salary
              answers). The server checks the role on every page and action. An admin picks the role when inviting someone.
            </p>
            <p>
              <strong>Hiring teams and interview plans.</strong> Each job has a hiring team and an interview plan: the stages that hold
              interviews and, for each, the attributes to rate, in categories, starting from your company&apos;s default scorecard. A stage can
              ask the job&apos;s hiring team for feedback on every candidate who enters it.
            </p>
            <p>
              <strong>Scorecards.</strong> Each interviewer rates every attribute from 1 (Poor) to 4 (Excellent), gives an overall
              recommendation (Strong no, No, Yes or Strong yes) and writes notes; drafts are kept. Whoever was asked for feedback sees their
              teammates&apos; scorecards only after submitting their own, so nobody is anchored by the first opinion. The application shows the
              scorecards side by side, and each card on the pipeline shows how many are in and how they lean.
            </p>
            <p>
              <strong>Notes, mentions and replies.</strong> Notes on a candidate or an application can @mention a teammate, who is told in the
              app and by email (at once or in a daily digest). Emails to candidates carry a reply address of their own thread: a reply comes
              back into the application, shown as text, and the job&apos;s recruiters are told.
            </p>
          </div>
        </div>
      </Section>
      <Section>
        <div id="scheduling" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">How interview scheduling works</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              <strong>A fixed time.</strong> From an application, or a candidate&apos;s card on the pipeline, schedule an interview: title,
              date, time, length, time zone, interviewers from the job&apos;s hiring team, a place or video link, and notes only the
              interviewers see. The candidate and each interviewer get an email with a calendar invitation that Google Calendar, Outlook and
              Apple Calendar accept; moving or cancelling it updates their calendars.
            </p>
            <p>
              <strong>Let the candidate pick.</strong> Or send a scheduling link instead. Its page, which needs no account, offers the times
              when every interviewer is inside their working hours (each in their own time zone), outside their blocked times and clear of
              their other interviews by a buffer you choose, with the notice you choose, shown in the candidate&apos;s own time zone. The
              first to confirm a time gets it: two candidates can never book the same interviewer at once. Each member sets their time zone,
              working hours and blocked times in Settings › Profile.
            </p>
            <p>
              <strong>Around the interview.</strong> Every member has a private calendar feed of their interviews for any calendar app
              (admins also have the company&apos;s), the dashboard lists today&apos;s interviews, reminders go out a day before (or as your
              company sets), and once an interview ends each interviewer is asked for their scorecard.
            </p>
          </div>
        </div>
      </Section>
      <Section>
        <div id="reports" className="mx-auto max-w-3xl scroll-mt-24">
          <h2 className="text-2xl font-semibold text-slate-950">How reports work</h2>
          <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
            <p>
              <strong>Filters.</strong> Reports cover the applications made between two days (a year up to today unless you choose), for
              every job or one, any source or one, and the jobs of one hiring team member. The filters are part of the page&apos;s address,
              so a report can be bookmarked and shared. A hiring manager&apos;s reports start with the jobs of their own hiring team.
            </p>
            <p>
              <strong>Pipeline funnel.</strong> For each stage, how many applications reached it or a later one, how many of the stage
              before did, and how many dropped off. It counts where each application has been, not where it is now, so it stays right when
              stages are renamed, reordered or deleted, and when a rejected candidate is brought back.
            </p>
            <p>
              <strong>Sources and job health.</strong> Applications, interviews and hires for each source, and the share of each source
              hired; and every open job with how long it has been open, its applicants per day and when anything last happened, the quiet
              ones first.
            </p>
            <p>
              <strong>Speed.</strong> Time to hire (from applying to the hire day) and time to fill (from a job opening to its first hire),
              as the median and the time three in four are within; the median stay in each stage; and the candidates who have waited in a
              stage longer than the days you choose, so nobody is forgotten.
            </p>
            <p>
              <strong>Volume and team activity.</strong> Applications per week, hires per month and each job&apos;s share; and what each
              member of the team did in the days: candidates moved, feedback submitted and emails sent, with each interviewer&apos;s
              recommendations from strong no to strong yes.
            </p>
            <p>
              <strong>Every number is a link.</strong> Click a bar or a number to see the applications behind it, and download any table as
              a CSV file for a spreadsheet.
            </p>
          </div>
        </div>
      </Section>
    </>
  );
}

/** The staff API: how to get a key and call it, then each operation of the OpenAPI document. */
function StaffApiReference({ operations, rateLimit }: { operations: ReferenceOperation[]; rateLimit: number }) {
  return (
    <div id="staff-api" className="mx-auto max-w-3xl scroll-mt-24">
      <h2 className="text-2xl font-semibold text-slate-950">The staff API</h2>
      <div className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
        <p>
          Read and change your company&apos;s jobs, candidates, applications, stages and notes from your own systems. Its OpenAPI 3.1
          document is at{" "}
          <a href="/api/v1/openapi.json" className="font-medium text-brand-700 underline hover:text-brand-800">
            /api/v1/openapi.json
          </a>
          , for code generators and API clients; this reference is read from it.
        </p>
        <h3 className="text-base font-semibold text-slate-900">Keys</h3>
        <ol className="list-decimal space-y-2 pl-5">
          <li>
            An admin opens Settings › API keys, names the key after what will use it, and chooses its access: <strong>Read</strong> (the{" "}
            <code>read</code> scope) or <strong>Read and write</strong> (<code>write</code>).
          </li>
          <li>
            The key, <code>{API_KEY_PREFIX}…</code>, is shown once. Keep it on your server: only its fingerprint is stored, so nobody can show
            it again. The list shows each key&apos;s first characters and when it was last used.
          </li>
          <li>
            Send it with every request: <code>Authorization: Bearer {API_KEY_PREFIX}…</code> (or, as Greenhouse&apos;s Harvest API
            takes keys, as the user name of Basic authentication with no password). A missing, unknown or revoked key answers{" "}
            <code>401</code>; a read key calling an endpoint that writes answers <code>403</code>.
          </li>
          <li>
            A key acts for its company only, as the admin who made it: notes and moves name them in the history. If that person leaves the
            company or is no longer an admin, the key stops working; make a new one.
          </li>
        </ol>
        <h3 className="text-base font-semibold text-slate-900">Answers</h3>
        <ul className="list-disc space-y-2 pl-5">
          <li>
            JSON with snake_case names. Lists answer <code>{`{"data": [...], "next_cursor": "..."}`}</code>, newest first: pass{" "}
            <code>cursor=&lt;next_cursor&gt;</code> for the next page until it is <code>null</code>, and <code>limit</code> (at most{" "}
            {API_MAX_LIMIT}) for its size. Walking a list this way meets every row once.
          </li>
          <li>
            Bodies are JSON (<code>Content-Type: application/json</code>). Every error answers{" "}
            <code>{`{"error": {"code": "invalid", "message": "...", "fields": {"email": "..."}}}`}</code>, with <code>fields</code> naming the
            parameters or fields refused.
          </li>
          <li>
            Each key may make {rateLimit} requests a minute; then it answers <code>429</code> with <code>Retry-After</code>. Every answer
            carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>.
          </li>
        </ul>
        <h3 className="text-base font-semibold text-slate-900">Endpoints</h3>
        <ul className="space-y-4">
          {operations.map((op) => (
            <li key={`${op.method} ${op.path}`} className="rounded-xl border border-slate-200 bg-white p-4">
              <p className="font-mono text-sm wrap-anywhere text-slate-900">
                <span className="font-semibold">{op.method}</span> {op.path}
              </p>
              <p className="mt-1 font-medium text-slate-900">
                {op.summary} <span className="font-normal text-slate-500">· scope {op.scope}</span>
              </p>
              <p className="mt-1 text-slate-600">
                <WithCode text={op.description} />
              </p>
              {op.parameters.length > 0 ? <FieldList title="Parameters" fields={op.parameters} /> : null}
              {op.body.length > 0 ? <FieldList title="JSON body" fields={op.body} /> : null}
              <p className="mt-2 text-slate-600">
                Answers <code>{op.answer.status}</code> with a <code>{op.answer.schema}</code>.
              </p>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function FieldList({ title, fields }: { title: string; fields: ReferenceOperation["parameters"] }) {
  return (
    <div className="mt-3">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</p>
      <dl className="mt-1 space-y-1">
        {fields.map((field) => (
          <div key={field.name}>
            <dt className="inline font-mono text-slate-900">{field.name}</dt>{" "}
            <dd className="inline text-slate-600">
              {field.type}
              {field.required ? ", required" : ""}
              {field.description ? (
                <>
                  : <WithCode text={field.description} />
                </>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The document's text with its `code` spans as code (the descriptions are the OpenAPI document's, in its Markdown). */
function WithCode({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}
    </>
  );
}
