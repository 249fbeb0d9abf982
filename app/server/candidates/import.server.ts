import { and, eq, sql } from "drizzle-orm";
import { applications, candidateImports, candidates, jobs, pipelineStages } from "../../../db/schema";
import { CANDIDATE_IMPORT_KEPT_HOURS as IMPORT_KEPT_HOURS, type CandidateImportRow, CandidateImportRowSchema } from "~/schemas/candidate";
import { isUuid } from "~/schemas/id";
import { recordActivities } from "../activity/activity.server";
import { type Database, type Queryable, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, owned, ownedSql } from "../platform/tenancy.server";
import { type CsvImportRow, type ImportColumn, parseCandidateCsv } from "./candidate-csv.server";
import { candidatesByAlias, emailKeyOf } from "./email-aliases.server";

/** Rows per page of the preview. */
export const IMPORT_PREVIEW_PAGE_SIZE = 100;

/** A row of an import as the preview shows it and as it is kept until the import is confirmed. */
export interface ImportRowPreview {
  /** Its row in the spreadsheet (the header is row 1). */
  row: number;
  /** The cells as the file gave them. */
  values: Partial<Record<ImportColumn, string>>;
  /** Why it cannot be imported; none when it is ready. */
  errors: string[];
  /** The person is already a candidate (same email, or an address merged into them): linked, not duplicated. */
  existing: boolean;
  /** The job and stage the row's application goes to, as the company names them. */
  jobTitle: string | null;
  stageName: string | null;
}

/** What an import wrote. */
export interface ImportResult {
  rows: number;
  newCandidates: number;
  existingCandidates: number;
  applications: number;
}

/** A row that passed every check, with what it was resolved to. */
interface ReadyRow {
  row: number;
  data: CandidateImportRow;
  emailKey: string;
  /** The existing candidate it links to, or null for a new one. */
  candidateId: string | null;
  job: { id: string; title: string; stageId: string; stageName: string } | null;
}

interface CheckedRows {
  previews: ImportRowPreview[];
  ready: ReadyRow[];
  errorCount: number;
}

/** A job a row names, with its stages in order. */
interface ImportJob {
  id: string;
  title: string;
  stages: { id: string; name: string }[];
}

interface JobStageRow {
  id: string;
  title: string;
  stage_id: string;
  stage_name: string;
}

/** Whether a job cell is a job's id (isUuid, without narrowing the text that is not one to `never`). */
const isJobId = (ref: string): boolean => isUuid(ref);

/** An array for SQL as one parameter (jsonb), whatever its length. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * Checks every row of an import against the schema of Add candidate and the company's data
 * (decision 085): the name, email, phone and source as Add candidate takes them; the job (its
 * title in any case, or its id) among the company's jobs, and the stage among that job's; an email
 * that appears twice in the file; a person who already has an application to that job. A person
 * already in the candidates (by email, or by an address merged into them) is linked. Reads in a
 * few statements whatever the number of rows. Run by the preview, and again by the import inside
 * its transaction, so what is written is checked against the data as it is then.
 */
async function checkRows(db: Queryable, actor: Actor, rows: readonly CsvImportRow[]): Promise<CheckedRows> {
  const parsed = rows.map((row) => ({ row, result: CandidateImportRowSchema.safeParse(row.values) }));
  const errors = new Map<number, string[]>(rows.map((row) => [row.row, []]));
  const fail = (row: number, message: string) => {
    const list = errors.get(row)!;
    if (!list.includes(message)) list.push(message);
  };
  for (const { row, result } of parsed) if (!result.success) for (const issue of result.error.issues) fail(row.row, issue.message);

  // Jobs by id or title, with their stages in order: one statement.
  const jobRefs = [...new Set(rows.map((row) => row.values.job?.trim() ?? "").filter(Boolean))];
  const ids = jobRefs.filter(isJobId).map((id) => id.toLowerCase());
  const titles = jobRefs.filter((ref) => !isJobId(ref)).map((ref) => ref.toLowerCase());
  const jobRows =
    jobRefs.length === 0
      ? []
      : await queryRows<JobStageRow>(
          db,
          sql`select j.id, j.title, s.id as stage_id, s.name as stage_name
              from ${jobs} j join ${pipelineStages} s on s.job_id = j.id and ${ownedSql("s", actor)}
              where ${ownedSql("j", actor)}
                and (j.id in (select value::uuid from jsonb_array_elements_text(${jsonParam(ids)}))
                     or lower(j.title) in (select jsonb_array_elements_text(${jsonParam(titles)})))
              order by j.id, s."order"`,
        );
  const jobsById = new Map<string, ImportJob>();
  for (const row of jobRows) {
    const job = jobsById.get(row.id) ?? { id: row.id, title: row.title, stages: [] };
    job.stages.push({ id: row.stage_id, name: row.stage_name });
    jobsById.set(row.id, job);
  }
  const jobsByTitle = new Map<string, ImportJob[]>();
  for (const job of jobsById.values()) jobsByTitle.set(job.title.toLowerCase(), [...(jobsByTitle.get(job.title.toLowerCase()) ?? []), job]);

  // The people already there: by email key, and by the addresses of candidates merged into others.
  const keys = [...new Set(parsed.flatMap(({ result }) => (result.success ? [emailKeyOf(result.data.email)] : [])))];
  const known = new Map<string, string>();
  if (keys.length > 0) {
    const found = await db
      .select({ id: candidates.id, emailKey: candidates.emailKey })
      .from(candidates)
      .where(and(owned(candidates, actor), sql`${candidates.emailKey} in (select jsonb_array_elements_text(${jsonParam(keys)}))`));
    for (const candidate of found) known.set(candidate.emailKey, candidate.id);
    for (const [key, candidateId] of await candidatesByAlias(db, actor, keys)) known.set(key, candidateId);
  }

  const ready: ReadyRow[] = [];
  const firstRowOfEmail = new Map<string, number>();
  const firstRowOfCandidate = new Map<string, number>();
  for (const { row, result } of parsed) {
    const jobRef = row.values.job?.trim() ?? "";
    const stageRef = row.values.stage?.trim() ?? "";
    let job: ReadyRow["job"] = null;
    if (jobRef) {
      const matches = isJobId(jobRef) ? [jobsById.get(jobRef.toLowerCase())].filter((j) => j !== undefined) : (jobsByTitle.get(jobRef.toLowerCase()) ?? []);
      if (matches.length === 0) fail(row.row, `No job called "${jobRef}"`);
      else if (matches.length > 1) fail(row.row, `Several jobs are called "${jobRef}": write the job's id instead (it is in the job's address)`);
      else {
        const found = matches[0]!;
        const stage = stageRef ? found.stages.find((s) => s.name.toLowerCase() === stageRef.toLowerCase()) : found.stages[0];
        if (!stage) fail(row.row, `No stage called "${stageRef}" in ${found.title}`);
        else job = { id: found.id, title: found.title, stageId: stage.id, stageName: stage.name };
      }
    } else if (stageRef) {
      fail(row.row, "A stage needs a job: add the job, or leave the stage empty");
    }
    if (!result.success) continue;
    const emailKey = emailKeyOf(result.data.email);
    const candidateId = known.get(emailKey) ?? null;
    const sameEmail = firstRowOfEmail.get(emailKey);
    if (sameEmail !== undefined) fail(row.row, `Same email as row ${sameEmail}`);
    else firstRowOfEmail.set(emailKey, row.row);
    if (candidateId && sameEmail === undefined) {
      const samePerson = firstRowOfCandidate.get(candidateId);
      if (samePerson !== undefined) fail(row.row, `Same candidate as row ${samePerson} (their addresses were merged)`);
      else firstRowOfCandidate.set(candidateId, row.row);
    }
    ready.push({ row: row.row, data: result.data, emailKey, candidateId, job });
  }

  // Applications there already are: the same email in the job (the index allows one), or the same candidate.
  const pairs = ready.filter((r) => r.job).map((r) => ({ n: r.row, job_id: r.job!.id, email: r.data.email.toLowerCase(), candidate_id: r.candidateId }));
  if (pairs.length > 0) {
    const taken = await queryRows<{ row: number }>(
      db,
      sql`select r.n as row from jsonb_to_recordset(${jsonParam(pairs)}) as r(n int, job_id uuid, email text, candidate_id uuid)
          where exists (select 1 from ${applications} a where a.job_id = r.job_id and lower(a.candidate_email) = r.email and ${ownedSql("a", actor)})
             or exists (select 1 from ${applications} a where a.candidate_id = r.candidate_id and a.job_id = r.job_id and ${ownedSql("a", actor)})`,
    );
    const readyByRow = new Map(ready.map((r) => [r.row, r]));
    for (const { row } of taken) fail(row, `Already has an application for ${readyByRow.get(row)!.job!.title}`);
  }

  const readyByRow = new Map(ready.map((r) => [r.row, r]));
  const previews = rows.map((row): ImportRowPreview => {
    const checked = readyByRow.get(row.row);
    return {
      row: row.row,
      values: row.values,
      errors: errors.get(row.row)!,
      existing: Boolean(checked?.candidateId),
      jobTitle: checked?.job?.title ?? null,
      stageName: checked?.job?.stageName ?? null,
    };
  });
  const errorCount = previews.filter((preview) => preview.errors.length > 0).length;
  return { previews, ready: ready.filter((r) => errors.get(r.row)!.length === 0), errorCount };
}

/** The file's name as the import keeps it: one line of at most 200 characters. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200) || "import.csv";
}

/**
 * Reads an uploaded CSV file and keeps its rows, each checked, for the preview (decision 085).
 * Nothing is written to the candidates: the import is confirmed by `importCandidates`. A file that
 * cannot be read (not UTF-8, not CSV, no Name or Email column, more than 10,000 rows) is INVALID,
 * with the reason on the file field. The company's previews older than a day are swept.
 */
export async function previewCandidateImport(db: Database, actor: Actor, file: { name: string; bytes: Uint8Array }): Promise<{ importId: string }> {
  const parsed = parseCandidateCsv(file.bytes);
  if (!parsed.ok) throw new DomainError("INVALID", parsed.error, { field: "file" });
  const checked = await checkRows(db, actor, parsed.rows);
  return db.transaction(async (tx) => {
    await tx
      .delete(candidateImports)
      .where(and(owned(candidateImports, actor), sql`${candidateImports.createdAt} < now() - make_interval(hours => ${IMPORT_KEPT_HOURS})`));
    const [created] = await tx
      .insert(candidateImports)
      .values({
        companyId: actor.companyId,
        createdBy: actor.userId,
        fileName: cleanFileName(file.name),
        rows: checked.previews,
        ignoredColumns: parsed.ignoredColumns,
        rowCount: checked.previews.length,
        errorCount: checked.errorCount,
      })
      .returning({ id: candidateImports.id });
    return { importId: created!.id };
  });
}

/** An import of the company with one page of its rows (all, or those with errors), or null. */
export async function getCandidateImport(db: Queryable, actor: Actor, importId: string, options: { page: number; errorsOnly: boolean }) {
  if (!isUuid(importId)) return null;
  // A page past the last shows the last.
  const shown = options.errorsOnly ? candidateImports.errorCount : candidateImports.rowCount;
  const offset = sql`least(${(options.page - 1) * IMPORT_PREVIEW_PAGE_SIZE}, greatest(${shown} - 1, 0) / ${IMPORT_PREVIEW_PAGE_SIZE} * ${IMPORT_PREVIEW_PAGE_SIZE})`;
  const [found] = await db
    .select({
      id: candidateImports.id,
      fileName: candidateImports.fileName,
      status: candidateImports.status,
      rowCount: candidateImports.rowCount,
      errorCount: candidateImports.errorCount,
      ignoredColumns: candidateImports.ignoredColumns,
      result: candidateImports.result,
      createdAt: candidateImports.createdAt,
      importedAt: candidateImports.importedAt,
      expired: sql<boolean>`${candidateImports.createdAt} < now() - make_interval(hours => ${IMPORT_KEPT_HOURS})`,
      // What a confirmed import would write (every row is ready when there are no errors).
      existingCount: sql<number>`(select count(*) from jsonb_array_elements(${candidateImports.rows}) e where (e.value ->> 'existing')::boolean)::int`,
      applicationCount: sql<number>`(select count(*) from jsonb_array_elements(${candidateImports.rows}) e where e.value ->> 'jobTitle' is not null)::int`,
      page: sql<number>`(${offset} / ${IMPORT_PREVIEW_PAGE_SIZE} + 1)::int`,
      // Only the page's rows leave the database.
      pageRows: sql<ImportRowPreview[]>`(
        select coalesce(jsonb_agg(p.value order by p.n), '[]'::jsonb) from (
          select e.value, e.n from jsonb_array_elements(${candidateImports.rows}) with ordinality as e(value, n)
          where ${!options.errorsOnly}::boolean or jsonb_array_length(e.value -> 'errors') > 0
          order by e.n offset ${offset} limit ${IMPORT_PREVIEW_PAGE_SIZE}
        ) p)`,
    })
    .from(candidateImports)
    .where(and(eq(candidateImports.id, importId), owned(candidateImports, actor)));
  if (!found) return null;
  const count = options.errorsOnly ? found.errorCount : found.rowCount;
  return {
    ...found,
    result: found.result as ImportResult | null,
    createdAt: found.createdAt.toISOString(),
    importedAt: found.importedAt?.toISOString() ?? null,
    pages: Math.max(1, Math.ceil(count / IMPORT_PREVIEW_PAGE_SIZE)),
  };
}

/**
 * Writes a previewed import (decision 085), all of it or nothing, in one transaction: every row is
 * checked again against the data as it is now; new people become candidates and existing ones are
 * linked (their phone filled in when they had none); a row with a job gets an application in its
 * stage (the job's first when none is named). Everything written has the source "import" with the
 * staff member's name, the file's name and the row's source; each application's history says who
 * imported it; no email goes to anyone. A row that fails now (the preview found none) is INVALID,
 * naming the row, and nothing is written; the preview then shows the new errors. Confirming an
 * import twice writes it once.
 */
export async function importCandidates(db: Database, actor: Actor & { displayName: string }, importId: string): Promise<ImportResult> {
  if (!isUuid(importId)) throw new DomainError("NOT_FOUND", "Import not found");
  const outcome = await db.transaction(async (tx): Promise<{ done: ImportResult } | { failed: CheckedRows }> => {
    // Writing 10,000 rows takes 1-2 s (bench:candidates), but a statement over all of them can pass
    // the pages' 5 s limit (decision 060) on a busy server: this transaction has a minute.
    await tx.execute(sql`set local statement_timeout = '60s'`);
    const [found] = await tx
      .select({
        fileName: candidateImports.fileName,
        status: candidateImports.status,
        rows: candidateImports.rows,
        result: candidateImports.result,
        expired: sql<boolean>`${candidateImports.createdAt} < now() - make_interval(hours => ${IMPORT_KEPT_HOURS})`,
      })
      .from(candidateImports)
      .where(and(eq(candidateImports.id, importId), owned(candidateImports, actor)))
      .for("update");
    if (!found) throw new DomainError("NOT_FOUND", "Import not found");
    if (found.status === "imported") return { done: found.result as unknown as ImportResult };
    if (found.expired) throw new DomainError("CLOSED", `This preview is more than ${IMPORT_KEPT_HOURS} hours old: upload the file again`);

    const stored = found.rows as ImportRowPreview[];
    const checked = await checkRows(
      tx,
      actor,
      stored.map((row) => ({ row: row.row, values: row.values })),
    );
    if (checked.errorCount > 0) return { failed: checked };
    const result = await writeRows(tx, actor, found.fileName, checked.ready);
    await tx
      .update(candidateImports)
      .set({ status: "imported", rows: [], result: result as unknown as Record<string, number>, importedAt: sql`now()` })
      .where(and(eq(candidateImports.id, importId), owned(candidateImports, actor)));
    return { done: result };
  });
  if ("done" in outcome) return outcome.done;
  // Nothing was written; the preview shows what changed since it was made.
  await db
    .update(candidateImports)
    .set({ rows: outcome.failed.previews, errorCount: outcome.failed.errorCount })
    .where(and(eq(candidateImports.id, importId), owned(candidateImports, actor), eq(candidateImports.status, "previewed")));
  const first = outcome.failed.previews.find((preview) => preview.errors.length > 0)!;
  throw new DomainError("INVALID", `Row ${first.row}: ${first.errors[0]}. Nothing was imported: fix the file and upload it again.`);
}

/** The rows of a checked import, written in a few statements (each over every row at once, as jsonb). */
async function writeRows(tx: Queryable, actor: Actor & { displayName: string }, fileName: string, rows: readonly ReadyRow[]): Promise<ImportResult> {
  const detailOf = (row: ReadyRow) => [actor.displayName, fileName, row.data.source].filter(Boolean).join(" · ");

  // New people: candidates of their own. One made meanwhile by an application is linked instead.
  const fresh = rows.filter((row) => !row.candidateId);
  const made =
    fresh.length === 0
      ? []
      : await queryRows<{ id: string; email_key: string; existed: boolean }>(
          tx,
          sql`insert into ${candidates} (company_id, name, email, email_key, phone, source, source_detail)
              select ${actor.companyId}, r.name, r.email, r.email_key, r.phone, 'import', r.source_detail
              from jsonb_to_recordset(${jsonParam(
                fresh.map((row) => ({ name: row.data.name, email: row.data.email, email_key: row.emailKey, phone: row.data.phone ?? null, source_detail: detailOf(row) })),
              )}) as r(name text, email text, email_key text, phone text, source_detail text)
              on conflict (company_id, email_key) do update set phone = coalesce(${candidates.phone}, excluded.phone), updated_at = now()
              returning id, email_key, (xmax <> 0) as existed`,
        );
  const madeByKey = new Map(made.map((row) => [row.email_key, row]));
  // People already there: linked, their phone filled in when they had none.
  const linked = rows.filter((row) => row.candidateId);
  const withPhone = linked.filter((row) => row.data.phone);
  if (withPhone.length > 0) {
    await tx.execute(sql`
      update ${candidates} c set phone = r.phone, updated_at = now()
      from jsonb_to_recordset(${jsonParam(withPhone.map((row) => ({ id: row.candidateId, phone: row.data.phone })))}) as r(id uuid, phone text)
      where c.id = r.id and c.phone is null and ${ownedSql("c", actor)}`);
  }

  const candidateOf = (row: ReadyRow) => row.candidateId ?? madeByKey.get(row.emailKey)!.id;
  const placed = rows.filter((row) => row.job);
  let applicationsMade = 0;
  if (placed.length > 0) {
    const created = await queryRows<{ id: string; job_id: string; email: string }>(
      tx,
      sql`insert into ${applications} (company_id, job_id, candidate_id, candidate_name, candidate_email, resume_url, form_data, current_pipeline_stage_id, source, source_detail)
          select ${actor.companyId}, r.job_id, r.candidate_id, r.name, r.email, null, '{}'::jsonb, r.stage_id, 'import', r.source_detail
          from jsonb_to_recordset(${jsonParam(
            placed.map((row) => ({
              job_id: row.job!.id,
              candidate_id: candidateOf(row),
              name: row.data.name,
              email: row.data.email,
              stage_id: row.job!.stageId,
              source_detail: detailOf(row),
            })),
          )}) as r(job_id uuid, candidate_id uuid, name text, email text, stage_id uuid, source_detail text)
          on conflict (job_id, lower(candidate_email)) do nothing
          returning id, job_id, lower(candidate_email) as email`,
    );
    // An application that arrived for one of these people since the check: the whole import stops.
    const createdKeys = new Set(created.map((row) => `${row.job_id} ${row.email}`));
    const missing = placed.find((row) => !createdKeys.has(`${row.job!.id} ${row.data.email.toLowerCase()}`));
    if (missing) {
      throw new DomainError("INVALID", `Row ${missing.row}: already has an application for ${missing.job!.title}. Nothing was imported: upload the file again.`);
    }
    const byKey = new Map(placed.map((row) => [`${row.job!.id} ${row.data.email.toLowerCase()}`, row]));
    await recordActivities(
      tx,
      created.map((application) => {
        const row = byKey.get(`${application.job_id} ${application.email}`)!;
        return {
          companyId: actor.companyId,
          actorId: actor.userId,
          type: "application_imported" as const,
          subjectType: "application" as const,
          subjectId: application.id,
          data: { candidateName: row.data.name, jobId: row.job!.id, jobTitle: row.job!.title, stageName: row.job!.stageName, fileName },
        };
      }),
    );
    applicationsMade = created.length;
  }
  const newCandidates = made.filter((row) => !row.existed).length;
  return { rows: rows.length, newCandidates, existingCandidates: rows.length - newCandidates, applications: applicationsMade };
}
