import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { recordAudit } from "../audit/audit.server";
import { type Queryable, queryRows } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, ownedSql } from "../platform/tenancy.server";
import { fileStorage } from "../storage/storage.server";
import { CANDIDATE_STATUS_WORDS, candidateStatusOf } from "~/schemas/candidate-page";

/**
 * A copy of everything held about a candidate (decision 116): `candidate.json` (who they are, each
 * application with its answers, stage and outcome, the emails to and from them, notes, interviews,
 * scorecards, tags and the history) and their CV files under `files/`, as a zip. For the company
 * answering an access request (GDPR article 15). The candidate's own page (decision 119) downloads
 * the `candidate` audience's copy: what they gave, their consent, the emails to and from them, their
 * interviews and where each application stands in the page's plain words; not the team's notes,
 * scorecards, tags, stage names, rejection reasons or history, which the company releases, if it must,
 * from its own export after reading it.
 */

/** Who the copy is for: the company's staff (everything) or the candidate from their own page. */
export type ExportAudience = "staff" | "candidate";

export interface CandidateExport {
  exported_at: string;
  candidate: Record<string, unknown>;
  applications: Record<string, unknown>[];
  cvs: { id: string; file_name: string; kind: string; size_bytes: number; uploaded_at: string; file: string }[];
  notes: Record<string, unknown>[];
  emails: Record<string, unknown>[];
  interviews: Record<string, unknown>[];
  scorecards: Record<string, unknown>[];
  history: Record<string, unknown>[];
}

/** A file's name inside the zip: its own name's safe characters, numbered so two CVs never collide. */
const entryName = (index: number, fileName: string) => `files/${index + 1}-${fileName.replace(/[^\w.\- ]+/g, "_").slice(-120) || "cv"}`;

/** Everything about the candidate, as JSON rows (raw SQL: one statement a kind, each scoped to the company). */
export async function candidateExportData(
  db: Queryable,
  actor: Actor,
  candidateId: string,
  audience: ExportAudience = "staff",
): Promise<{ data: CandidateExport; files: { key: string; entry: string }[] }> {
  const [candidate] = await queryRows<Record<string, unknown>>(
    db,
    sql`select c.id, c.name, c.email, c.phone, c.source, c.source_detail, c.created_at, c.last_applied_at,
          coalesce((select json_agg(t.name order by t.name) from candidate_tags ct join tags t on t.id = ct.tag_id
                    where ct.candidate_id = c.id and ${ownedSql("ct", actor)}), '[]'::json) as tags
        from candidates c where c.id = ${candidateId} and ${ownedSql("c", actor)}`,
  );
  if (!candidate) throw new DomainError("NOT_FOUND", "Candidate not found");
  const applications = await queryRows<Record<string, unknown>>(
    db,
    sql`select a.id, a.job_id, j.title as job_title, a.created_at as applied_at, a.candidate_name as name, a.candidate_email as email,
          a.resume_url, a.source, a.source_detail, s.name as stage, a.status, a.rejection_reason, a.rejected_at, a.hired_on, a.interviews,
          a.privacy_notice_kind, a.privacy_notice_shown, a.privacy_consented_at, a.talent_pool_consent, a.talent_pool_consented_at,
          a.form_data->'cover_letter' as cover_letter, a.form_data->'custom_fields' as answers, a.form_data->'form_schema' as questions
        from applications a join jobs j on j.id = a.job_id left join pipeline_stages s on s.id = a.current_pipeline_stage_id
        where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)} order by a.created_at`,
  );
  const cvRows = await queryRows<{ id: string; file_name: string; kind: string; size_bytes: number; created_at: Date; storage_key: string }>(
    db,
    sql`select v.id, v.file_name, v.kind, v.size_bytes, v.created_at, v.storage_key from cvs v
        where v.candidate_id = ${candidateId} and ${ownedSql("v", actor)} order by v.created_at`,
  );
  const notes = await queryRows<Record<string, unknown>>(
    db,
    sql`select n.body, n.application_id, n.created_at, u.name as author from notes n left join "user" u on u.id = n.author_id
        where n.candidate_id = ${candidateId} and ${ownedSql("n", actor)} order by n.created_at`,
  );
  const emails = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.direction, m.from, m.to, m.subject, m.body, m.status, m.created_at, m.sent_at, m.application_id
        from email_messages m join applications a on a.id = m.application_id
        where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)} and ${ownedSql("m", actor)} order by m.created_at`,
  );
  const interviews = await queryRows<Record<string, unknown>>(
    db,
    sql`select i.title, i.starts_at, i.duration_minutes, i.time_zone, i.location, i.cancelled_at, i.application_id
        from interviews i join applications a on a.id = i.application_id
        where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)} and ${ownedSql("i", actor)} order by i.starts_at`,
  );
  const scorecards = await queryRows<Record<string, unknown>>(
    db,
    sql`select u.name as author, sc.recommendation, sc.ratings, sc.notes, sc.submitted_at, sc.application_id
        from scorecards sc join applications a on a.id = sc.application_id left join "user" u on u.id = sc.author_id
        where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)} and ${ownedSql("sc", actor)} order by sc.created_at`,
  );
  const history = await queryRows<Record<string, unknown>>(
    db,
    sql`select e.type, e.created_at, e.subject_id, e.data from activity_events e
        where ${ownedSql("e", actor)} and (e.subject_id = ${candidateId}
          or e.subject_id in (select a.id from applications a where a.candidate_id = ${candidateId} and ${ownedSql("a", actor)}))
        order by e.created_at, e.seq`,
  );
  const files = cvRows.map((row, index) => ({ key: row.storage_key, entry: entryName(index, row.file_name) }));
  if (audience === "candidate") {
    delete candidate.tags;
    for (const application of applications) {
      application.status = CANDIDATE_STATUS_WORDS[
        candidateStatusOf({
          status: String(application.status),
          hiredOn: (application.hired_on as string | null) ?? null,
          stageName: (application.stage as string | null) ?? null,
          interviews: Number(application.interviews ?? 0),
        })
      ].label;
      for (const internal of ["stage", "rejection_reason", "rejected_at", "hired_on", "source", "source_detail", "interviews"]) delete application[internal];
    }
  }
  const forCandidate = audience === "candidate";
  return {
    data: {
      exported_at: new Date().toISOString(),
      candidate,
      applications,
      cvs: cvRows.map((row, index) => ({
        id: row.id,
        file_name: row.file_name,
        kind: row.kind,
        size_bytes: row.size_bytes,
        uploaded_at: new Date(row.created_at).toISOString(),
        file: files[index]!.entry,
      })),
      notes: forCandidate ? [] : notes,
      emails,
      interviews,
      scorecards: forCandidate ? [] : scorecards,
      history: forCandidate ? [] : history,
    },
    files,
  };
}

/**
 * The export as a zip, streamed: the JSON first, then each CV as it is read from the storage (a
 * file missing from the storage is left out and said so in `missing-files.txt`). Records the
 * export in the audit trail before the first byte.
 */
export async function candidateExportZip(
  db: Queryable,
  actor: Actor,
  candidateId: string,
  ip?: string,
  options: { audience?: ExportAudience } = {},
): Promise<ReadableStream<Uint8Array>> {
  const audience = options.audience ?? "staff";
  const { data, files } = await candidateExportData(db, actor, candidateId, audience);
  await recordAudit(db, {
    companyId: actor.companyId,
    actorId: audience === "candidate" ? null : actor.userId,
    ...(audience === "candidate" ? { via: "candidate" as const } : {}),
    action: "candidate.exported",
    subjectType: "candidate",
    subjectId: candidateId,
    data: { applications: data.applications.length, files: files.length },
    ip: ip ?? null,
  });
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const json = new ZipDeflate("candidate.json", { level: 6 });
      zip.add(json);
      json.push(new TextEncoder().encode(JSON.stringify(data, null, 2)), true);
      const missing: string[] = [];
      for (const file of files) {
        let body: Readable;
        try {
          body = await fileStorage().get(file.key);
        } catch {
          missing.push(file.entry);
          continue;
        }
        // Stored CVs are PDF, DOCX or text: kept as they are, not compressed again.
        const entry = new ZipPassThrough(file.entry);
        zip.add(entry);
        for await (const chunk of body) entry.push(chunk as Uint8Array);
        entry.push(new Uint8Array(0), true);
      }
      if (missing.length > 0) {
        const note = new ZipDeflate("missing-files.txt");
        zip.add(note);
        note.push(new TextEncoder().encode(`These files could not be read from the storage:\n${missing.join("\n")}\n`), true);
      }
      zip.end();
    },
  });
}
