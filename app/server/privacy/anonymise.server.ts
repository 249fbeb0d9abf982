import { sql } from "drizzle-orm";
import { type Queryable, queryRows, uuidArray } from "../platform/db.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";
import { fileStorage } from "../storage/storage.server";
import { ERASED_NAME } from "~/lib/erased";

/**
 * Anonymising candidates (decision 116): what an erasure does now and a retention run will do. Every
 * trace of the person goes: their names, email addresses and phone, their answers and cover
 * letters, their CVs (rows, extracted text and the stored files), notes about them, the emails to and
 * from them and about them, scorecards' written notes, interviews' titles and notes, scheduling links and the links to their own pages (decision 119),
 * tags, merge aliases and duplicate dismissals, their rows in stored import files, the names the
 * history's events and the webhook log copied, and their search text. What the reports count stays:
 * the applications, candidates, stage history, interviews, scorecards' ratings and emails remain as
 * rows without anything that names the person, so every count and time in the reports is unchanged.
 *
 * One transaction, in the order the database's triggers need (a candidate's search text is rebuilt
 * by them as answers and CVs go). The stored files are removed after it commits: `removeFiles`.
 */


export interface Anonymised {
  candidates: number;
  applications: number;
  /** CV files to remove from the file storage once the transaction has committed. */
  storageKeys: string[];
}

/**
 * Anonymises `candidateIds` of the actor's company on `tx` (an open transaction); the actor is the
 * member erasing, or the company itself for a retention run. Ids of another company, or of no
 * candidate, are ignored. Addresses become `erased-<row id>@erased.invalid` (RFC 2606's `.invalid`
 * never receives mail), unique per row as the indexes need.
 */
export async function anonymiseCandidates(tx: Queryable, actor: Actor, candidateIds: readonly string[]): Promise<Anonymised> {
  if (candidateIds.length === 0) return { candidates: 0, applications: 0, storageKeys: [] };
  const ids = uuidArray(candidateIds);
  // The people, as they are now: names and addresses to look for where they were copied as text.
  const people = await queryRows<{ id: string; name: string; email: string; phone: string | null }>(
    tx,
    sql`select id, name, email, phone from candidates where ${ownedSql("candidates", actor)} and id = any(${ids}) for update`,
  );
  if (people.length === 0) return { candidates: 0, applications: 0, storageKeys: [] };
  const found = uuidArray(people.map((person) => person.id));
  const apps = await queryRows<{ id: string; candidate_name: string; candidate_email: string }>(
    tx,
    sql`select id, candidate_name, candidate_email from applications where ${ownedSql("applications", actor)} and candidate_id = any(${found})`,
  );
  const appIds = uuidArray(apps.map((app) => app.id));
  const subjects = uuidArray([...people.map((person) => person.id), ...apps.map((app) => app.id)]);
  // Every address and name the person went by (each application may have given its own).
  const emails = [...new Set([...people.map((person) => person.email), ...apps.map((app) => app.candidate_email)].map((email) => email.toLowerCase()))];
  const names = [...new Set([...people.map((person) => person.name), ...apps.map((app) => app.candidate_name)].filter((name) => name.trim().length >= 3))];
  const emailList = sql`${JSON.stringify(emails)}::jsonb`;
  // `x ilike any(patterns)`: a text that holds one of the person's addresses or names.
  const patterns = sql`array(select jsonb_array_elements_text(${JSON.stringify([...emails, ...names].map((value) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))}::jsonb))`;

  const storageKeys = (
    await queryRows<{ storage_key: string }>(tx, sql`delete from cvs where ${ownedSql("cvs", actor)} and candidate_id = any(${found}) returning storage_key`)
  ).map((row) => row.storage_key);

  await tx.execute(sql`delete from notes where ${ownedSql("notes", actor)} and candidate_id = any(${found})`);
  await tx.execute(sql`delete from scheduling_links where ${ownedSql("scheduling_links", actor)} and application_id = any(${appIds})`);
  await tx.execute(sql`delete from application_links where ${ownedSql("application_links", actor)} and application_id = any(${appIds})`);
  await tx.execute(sql`delete from application_email_queue where application_id = any(${appIds})`);
  await tx.execute(sql`delete from candidate_tags where ${ownedSql("candidate_tags", actor)} and candidate_id = any(${found})`);
  await tx.execute(sql`delete from candidate_email_aliases where ${ownedSql("candidate_email_aliases", actor)} and candidate_id = any(${found})`);
  await tx.execute(
    sql`delete from candidate_duplicate_dismissals where ${ownedSql("candidate_duplicate_dismissals", actor)} and (candidate_id = any(${found}) or other_candidate_id = any(${found}))`,
  );

  // Emails: the thread's, and any other of the company's that names the person (a notification to
  // the team, a mention digest). Kept as rows, for the reports' counts, with nothing in them.
  await tx.execute(sql`
    update email_messages set "to" = 'erased@erased.invalid', "from" = null, reply_to = null, subject = '', body = '',
      attachments = null, calendar = null, calendar_method = null, headers = null, message_id = null, in_reply_to = null, error = null
    where ${ownedSql("email_messages", actor)}
      and (application_id = any(${appIds}) or ${emailList} ? lower("to") or ${emailList} ? lower(coalesce("from", ''))
           or subject ilike any(${patterns}) or body ilike any(${patterns}))`);

  await tx.execute(sql`update scorecards set notes = '' where ${ownedSql("scorecards", actor)} and application_id = any(${appIds}) and notes <> ''`);
  await tx.execute(sql`
    update interviews set title = 'Interview', location = '', notes_for_interviewers = ''
    where ${ownedSql("interviews", actor)} and application_id = any(${appIds})`);

  // The history's and the webhook log's copies of names and addresses.
  await tx.execute(sql`
    update activity_events set data = data
      || case when data ? 'candidateName' then jsonb_build_object('candidateName', ${ERASED_NAME}::text) else '{}'::jsonb end
      || case when data ? 'keptName' then jsonb_build_object('keptName', ${ERASED_NAME}::text) else '{}'::jsonb end
      || case when data ? 'mergedName' then jsonb_build_object('mergedName', ${ERASED_NAME}::text) else '{}'::jsonb end
      || case when data ? 'mergedEmail' then jsonb_build_object('mergedEmail', 'erased@erased.invalid') else '{}'::jsonb end
      || case when data ? 'subject' then jsonb_build_object('subject', '') else '{}'::jsonb end
      || case when data ? 'title' then jsonb_build_object('title', 'Interview') else '{}'::jsonb end
    where ${ownedSql("activity_events", actor)} and subject_id = any(${subjects})`);
  await tx.execute(sql`
    update webhook_deliveries set payload = jsonb_set(payload, '{data}', (payload->'data')
      || case when payload->'data' ? 'candidate_name' then jsonb_build_object('candidate_name', ${ERASED_NAME}::text) else '{}'::jsonb end
      || case when payload->'data' ? 'merged_name' then jsonb_build_object('merged_name', ${ERASED_NAME}::text) else '{}'::jsonb end
      || case when payload->'data' ? 'merged_email' then jsonb_build_object('merged_email', 'erased@erased.invalid') else '{}'::jsonb end)
    where ${ownedSql("webhook_deliveries", actor)}
      and ((payload->'data'->>'application_id')::uuid = any(${appIds}) or (payload->'data'->>'candidate_id')::uuid = any(${found}))`);

  // Stored import files: the person's rows go.
  await tx.execute(sql`
    update candidate_imports set rows = coalesce((select jsonb_agg(r) from jsonb_array_elements(rows) r where not (r::text ilike any(${patterns}))), '[]'::jsonb)
    where ${ownedSql("candidate_imports", actor)} and rows::text ilike any(${patterns})`);

  // The applications and the people last: their answers go (the search text is rebuilt by the
  // triggers), the form's questions stay with each application.
  await tx.execute(sql`
    update applications set candidate_name = ${ERASED_NAME}, candidate_email = 'erased-' || id || '@erased.invalid', resume_url = null,
      source_detail = null, reply_token = null,
      form_data = case when form_data ? 'form_schema' then jsonb_build_object('form_schema', form_data->'form_schema') else '{}'::jsonb end
    where ${ownedSql("applications", actor)} and id = any(${appIds})`);
  await tx.execute(sql`
    update candidates set name = ${ERASED_NAME}, email = 'erased-' || id || '@erased.invalid', email_key = 'erased-' || id || '@erased.invalid',
      phone = null, source_detail = null, erasure_requested_at = null, updated_at = now()
    where ${ownedSql("candidates", actor)} and id = any(${found})`);
  return { candidates: people.length, applications: apps.length, storageKeys };
}

/** Removes anonymised candidates' CV files from the file storage; a file that cannot be removed now is logged. */
export async function removeFiles(keys: readonly string[]): Promise<void> {
  const storage = fileStorage();
  for (const key of keys) {
    try {
      await storage.delete(key);
    } catch (error) {
      console.error(`Could not remove an anonymised candidate's file ${key}:`, error);
    }
  }
}
