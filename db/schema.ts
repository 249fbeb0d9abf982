/**
 * The database schema: one source for PGlite and PostgreSQL.
 * `npm run db:generate` turns changes here into a SQL migration under db/migrations.
 */
import { relations, sql } from "drizzle-orm";
import { ROLES, TEAM_ROLES } from "../app/schemas/roles";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { APPLICATION_SOURCES } from "../app/schemas/application-source";
import { CV_FIELD_SETTINGS, CV_KINDS, CV_TEXT_STATUSES } from "../app/schemas/cv";
import { MENTION_EMAIL_MODES } from "../app/schemas/mention-emails";
import { CALENDAR_FEED_SCOPES } from "../app/schemas/calendar-feed";
import { API_KEY_SCOPES } from "../app/schemas/api-keys";
import { AUDIT_ACTIONS, AUDIT_SUBJECT_TYPES } from "../app/schemas/audit";
import { RETENTION_MONTHS, TALENT_POOL_RETENTION_MONTHS } from "../app/schemas/retention";
import { PRIVACY_NOTICE_KINDS, SHOWN_PRIVACY_NOTICE_KINDS } from "../app/schemas/privacy";
import { EEO_QUESTION_KEYS } from "../app/schemas/eeo";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from "../app/schemas/webhooks";
import { JOB_ALERT_FREQUENCIES } from "../app/schemas/job-alerts";
import { DEFAULT_INTERVIEW_REMINDER_HOURS, INTERVIEW_REMINDER_HOURS } from "../app/schemas/interview-reminders";
import type { FormField } from "../app/schemas/form-field";
import type { WorkingPeriod } from "../app/schemas/availability";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
const createdAt = () => timestamptz("created_at").notNull().defaultNow();
const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** PostgreSQL's full-text document type (drizzle has no built-in column for it). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** SQL list literal for a check constraint: ('a', 'b'). */
function oneOf(column: string, values: readonly string[]) {
  return sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);
}

/** Staff roles (decision 096): the permission table in app/lib/permissions.ts says what each may do. */
export const PROFILE_ROLES = ROLES;
export { TEAM_ROLES };
export const JOB_TYPES = ["full-time", "part-time", "contract", "internship"] as const;
export const JOB_STATUSES = ["published", "draft", "closed"] as const;
export const SALARY_PERIODS = ["yearly", "monthly", "weekly", "hourly"] as const;
export const REMOTE_TYPES = ["office", "hybrid", "remote"] as const;
export const APPLICATION_STATUSES = ["active", "withdrawn", "rejected"] as const;
/** A scorecard's overall recommendation (decision 099), from worst to best. */
export const RECOMMENDATIONS = ["strong_no", "no", "yes", "strong_yes"] as const;

// ---------------------------------------------------------------------------
// better-auth's tables (user, session, account, verification)
// ---------------------------------------------------------------------------

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's two-factor plugin. */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/**
 * better-auth's joins (`advanced.database.joins`): a session with its user, a user with their
 * accounts (sign-in), an account with its user, each read in one statement instead of two. The
 * session's is the one that counts: it runs on every signed-in request (decision 076).
 */
export const userRelations = relations(user, ({ many }) => ({
  sessions: many(session),
  accounts: many(account),
}));
export const sessionRelations = relations(session, ({ one }) => ({
  user: one(user, { fields: [session.userId], references: [user.id] }),
}));
export const accountRelations = relations(account, ({ one }) => ({
  user: one(user, { fields: [account.userId], references: [user.id] }),
}));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and recovery codes (both encrypted). */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamptz("locked_until"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

// ---------------------------------------------------------------------------
// The product's tables
// ---------------------------------------------------------------------------

export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    website: text("website"),
    /** Hours before an interview its reminders go (decision 102, Settings › Hiring); 0 is off. */
    interviewReminderHours: integer("interview_reminder_hours").notNull().default(DEFAULT_INTERVIEW_REMINDER_HOURS),
    /** The careers page's address, /companies/{slug} (decision 108); null: no careers page yet. */
    slug: text("slug"),
    /** The careers page's colour, #rrggbb; null is the product's. */
    brandColor: text("brand_color"),
    /** The careers page's introduction, Markdown like a job's description. */
    careersIntro: text("careers_intro"),
    /** The logo in the file storage (`logo/<company>/<uuid>`) and its type: PNG, JPEG or WebP. */
    logoKey: text("logo_key"),
    logoContentType: text("logo_content_type"),
    /**
     * The privacy notice the apply form shows (decision 114, Settings › Privacy): a link (an https
     * address) or a text (Markdown); null kind is the default notice, written from the company's name.
     * Both are kept, so switching between them loses neither.
     */
    privacyNoticeKind: text("privacy_notice_kind", { enum: PRIVACY_NOTICE_KINDS }),
    privacyNoticeUrl: text("privacy_notice_url"),
    privacyNoticeText: text("privacy_notice_text"),
    /**
     * Retention (decision 117): months a candidate is kept after their last application closes, then
     * anonymised by the daily retention run; null keeps them until erased by hand. Candidates who
     * asked to stay in the talent pool are kept `talent_pool_retention_months` instead (null: the same).
     */
    retentionMonths: integer("retention_months"),
    talentPoolRetentionMonths: integer("talent_pool_retention_months"),
    /**
     * The equal-opportunity survey (decision 118, Settings › Privacy): whether the apply form asks it,
     * and which of the fixed questions (`EEO_QUESTIONS`); the choice is kept while it is off.
     */
    eeoSurveyEnabled: boolean("eeo_survey_enabled").notNull().default(false),
    eeoSurveyQuestions: text("eeo_survey_questions").array().notNull().default(sql`'{}'::text[]`),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Public board search also matches the company name (decision 020).
    index("companies_name_search_idx").using("gin", sql`to_tsvector('english', ${t.name})`),
    // Deleting a user sets it to null here; also the "owns a company" check on accepting an invitation.
    index("companies_created_by_idx").on(t.createdBy),
    uniqueIndex("companies_slug_unique").on(t.slug),
    check("companies_slug_check", sql`${t.slug} ~ '^[a-z0-9](?:[a-z0-9-]{1,38})[a-z0-9]$'`),
    check("companies_brand_color_check", sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check("companies_privacy_notice_kind_check", sql`${t.privacyNoticeKind} in ('link', 'text')`),
    check("companies_retention_months_check", sql`${t.retentionMonths} in (${sql.raw(RETENTION_MONTHS.join(", "))})`),
    check(
      "companies_talent_pool_retention_check",
      sql`${t.talentPoolRetentionMonths} is null or (${t.talentPoolRetentionMonths} in (${sql.raw(TALENT_POOL_RETENTION_MONTHS.join(", "))}) and ${t.retentionMonths} is not null)`,
    ),
    check("companies_eeo_survey_questions_check", sql`${t.eeoSurveyQuestions} <@ array[${sql.raw(EEO_QUESTION_KEYS.map((key) => `'${key}'`).join(", "))}]::text[]`),
    check("companies_eeo_survey_enabled_check", sql`not ${t.eeoSurveyEnabled} or cardinality(${t.eeoSurveyQuestions}) > 0`),
    check("companies_interview_reminder_hours_check", sql`${t.interviewReminderHours} in (${sql.raw(INTERVIEW_REMINDER_HOURS.join(", "))})`),
  ],
);

export const profiles = pgTable(
  "profiles",
  {
    /** Equals the authentication user's id. */
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: text("role", { enum: PROFILE_ROLES }).notNull().default("recruiter"),
    fullName: text("full_name"),
    /** New applications to the company's jobs are emailed to them (Settings › Profile, "Email notifications"). */
    emailNotifications: boolean("email_notifications").notNull().default(true),
    /** Mentions in notes: emailed at once, in a daily digest, or never (decision 098). */
    mentionEmails: text("mention_emails", { enum: MENTION_EMAIL_MODES }).notNull().default("immediate"),
    /** Their IANA time zone (decision 103): emails and self-scheduling read it; null until they set it. */
    timeZone: text("time_zone"),
    /** Their weekly working hours in `time_zone` (decision 103); null is DEFAULT_WORKING_HOURS. */
    workingHours: jsonb("working_hours").$type<WorkingPeriod[]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("profiles_company_id_idx").on(t.companyId),
    check("profiles_role_check", oneOf("role", PROFILE_ROLES)),
    check("profiles_mention_emails_check", oneOf("mention_emails", MENTION_EMAIL_MODES)),
  ],
);

export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    requirements: text("requirements"),
    location: text("location"),
    type: text("type", { enum: JOB_TYPES }).notNull().default("full-time"),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("published"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    publishedAt: timestamptz("published_at"),
    formSchema: jsonb("form_schema").$type<FormField[]>().notNull().default([]),
    /** Salary bounds are free text in the spec (section 5). */
    salaryMin: text("salary_min"),
    salaryMax: text("salary_max"),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: text("salary_period", { enum: SALARY_PERIODS }),
    remoteType: text("remote_type", { enum: REMOTE_TYPES }),
    /** The team the job is in ("Engineering"), for the board's and careers page's filters (decision 108). */
    department: text("department"),
    /** Featured jobs come first on the board and the careers page, with a label (decision 108). */
    featured: boolean("featured").notNull().default(false),
    /** Where a remote job's candidates may work from: ISO 3166-1 alpha-2 codes (decision 107); null or empty is anywhere unsaid. */
    remoteCountries: text("remote_countries").array(),
    /**
     * The last day applications are taken (decision 107): the JSON-LD's validThrough, and after it
     * the job closes itself (the close-expired-jobs task).
     */
    closesOn: date("closes_on", { mode: "string" }),
    /** Whether the apply form asks for a CV: optional, required or hidden (decision 083). */
    cvField: text("cv_field", { enum: CV_FIELD_SETTINGS }).notNull().default("optional"),
    /** How many people the job hires: once as many are hired, the page offers to close it (decision 094). */
    openings: integer("openings").notNull().default(1),
    /**
     * What the public board searches (decision 024): kept by PostgreSQL whenever the row changes,
     * so a search reads it from jobs_search_document_idx and rechecks and filters without
     * re-parsing the text. The company name is searched through its own index.
     */
    searchDocument: tsvector("search_document")
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', title || ' ' || description || ' ' || coalesce(requirements, '') || ' ' || coalesce(location, ''))`,
      ),
    /**
     * The location's words for the board's location filter (decision 108), with the 'simple'
     * dictionary so "Berl" finds "Berlin" as a prefix and names are not stemmed.
     */
    locationDocument: tsvector("location_document")
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', coalesce(location, ''))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Staff list: a company's jobs newest first, a page at a time from a (created_at, id) cursor.
    // DESC is NULLS FIRST here as in the queries' ORDER BY … DESC, so the index gives their order.
    index("jobs_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Dashboard: a company's published jobs.
    index("jobs_company_status_idx").on(t.companyId, t.status),
    // Public board: published jobs in the board's order. With the id it answers a deep page's
    // offset from the index alone (an index-only scan), before reading the page's 20 rows.
    // Migration 0035 rebuilds it with INCLUDE (type, remote_type, department, location_document),
    // which drizzle cannot declare: a filtered page (decision 108) reads the board's order and
    // tests each filter on the index entry alone.
    index("jobs_board_idx")
      .on(t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // The board's location filter when the newest jobs do not fill a page: every match at once.
    index("jobs_location_document_idx")
      .using("gin", t.locationDocument)
      .where(sql`${t.status} = 'published'`),
    // Job sitemaps (decision 025): published jobs in a stable order, read in keyset batches.
    index("jobs_sitemap_idx")
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'published'`),
    // Public board full-text search (decisions 020 and 024).
    index("jobs_search_document_idx").using("gin", t.searchDocument),
    // Deleting a user sets created_by to null.
    index("jobs_created_by_idx").on(t.createdBy),
    // Careers pages and the public API: one company's published jobs, newest first.
    index("jobs_company_board_idx")
      .on(t.companyId, t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // The board's featured jobs, newest first.
    index("jobs_featured_idx")
      .on(t.publishedAt.desc().nullsLast(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.featured}`),
    // The close-expired-jobs task: published jobs with a closing date.
    index("jobs_closes_on_idx").on(t.closesOn).where(sql`${t.status} = 'published' and ${t.closesOn} is not null`),
    // The target of the composite foreign keys that keep a job's stages and applications in its company.
    unique("jobs_id_company_unique").on(t.id, t.companyId),
    check("jobs_type_check", oneOf("type", JOB_TYPES)),
    check("jobs_status_check", oneOf("status", JOB_STATUSES)),
    // A NULL passes a check constraint, so these also allow "not given".
    check("jobs_salary_period_check", oneOf("salary_period", SALARY_PERIODS)),
    check("jobs_remote_type_check", oneOf("remote_type", REMOTE_TYPES)),
    check("jobs_cv_field_check", oneOf("cv_field", CV_FIELD_SETTINGS)),
    check("jobs_openings_check", sql`${t.openings} between 1 and 1000`),
  ],
);

export const pipelineStages = pgTable(
  "pipeline_stages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Always its job's company (the composite foreign key below; decision 052). */
    companyId: uuid("company_id").notNull(),
    jobId: uuid("job_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    order: integer("order").notNull(),
    /**
     * The stage's automation (decision 095): the company's template each candidate entering the stage
     * is sent, `entry_delay_hours` later. Null: none. Removing the template removes the automation.
     */
    entryTemplateId: uuid("entry_template_id").references(() => emailTemplates.id, { onDelete: "set null" }),
    entryDelayHours: integer("entry_delay_hours").notNull().default(0),
    /** Whether a candidate entering the stage asks the job's hiring team for feedback (decision 099). */
    entryFeedback: boolean("entry_feedback").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Deleting a template clears the stages that send it.
    index("pipeline_stages_entry_template_idx")
      .on(t.entryTemplateId)
      .where(sql`${t.entryTemplateId} is not null`),
    check("pipeline_stages_entry_delay_check", sql`${t.entryDelayHours} between 0 and 720`),
    // A stage's job is of the stage's company; deleting the job (or its company) deletes its stages.
    foreignKey({ name: "pipeline_stages_job_company_fk", columns: [t.jobId, t.companyId], foreignColumns: [jobs.id, jobs.companyId] }).onDelete(
      "cascade",
    ),
    // Board: a job's stages in order; the Applied lookup by name. One order and one name per job.
    // The migration makes both DEFERRABLE INITIALLY IMMEDIATE (checked at the end of each statement,
    // or at commit after SET CONSTRAINTS … DEFERRED), so editing a job can swap orders and names.
    unique("pipeline_stages_job_order_unique").on(t.jobId, t.order),
    unique("pipeline_stages_job_name_unique").on(t.jobId, t.name),
    // The target of the applications' foreign key that keeps an application's stage in its job.
    unique("pipeline_stages_id_job_unique").on(t.id, t.jobId),
    check("pipeline_stages_order_check", sql`${t.order} >= 1`),
  ],
);

/**
 * A candidate's phone as duplicates compare it: its digits, when there are at least 7 (decision 085).
 * Both keys are SQL over the row's own columns, so PostgreSQL keeps them (generated columns).
 */
const CANDIDATE_PHONE_KEY = sql`case when length(regexp_replace(phone, '[^0-9]', '', 'g')) >= 7 then regexp_replace(phone, '[^0-9]', '', 'g') end`;

/**
 * A candidate's name as duplicates compare it: lower case, accents removed (decomposed, then the
 * combining marks dropped; the few letters that do not decompose are spelled out), runs of spaces
 * made one, trimmed. "  José  Núñez" and "jose nunez" are one name.
 */
const CANDIDATE_NAME_KEY = sql.raw(
  // chr(768) to chr(879): Unicode's combining diacritical marks (U+0300 to U+036F).
  String.raw`btrim(regexp_replace(regexp_replace(translate(replace(replace(replace(lower(normalize(name, NFD)), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'øłđħıŧ' || chr(160), 'oldhit '), '[' || chr(768) || '-' || chr(879) || ']', '', 'g'), '\s+', ' ', 'g'))`,
);

/**
 * The company's talent pool: one row per person, matched by email (trimmed, lower case) within the
 * company (decision 078). Every application belongs to one; applying to a second job finds the same
 * candidate. A trigger (migration 0007) finds or makes the candidate of every application inserted,
 * whatever inserts it, and keeps the candidate's name, email and last application date those of
 * their newest application.
 */
export const candidates = pgTable(
  "candidates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** What identifies the person within the company: the email, trimmed and in lower case. */
    emailKey: text("email_key").notNull(),
    phone: text("phone"),
    /** How the person first came in (an APPLICATION_SOURCES kind) and its detail. */
    source: text("source", { enum: APPLICATION_SOURCES }).notNull().default("job_board"),
    sourceDetail: text("source_detail"),
    /** When their newest application came in: the list's "Last activity" and its order. */
    lastAppliedAt: timestamptz("last_applied_at").notNull().defaultNow(),
    /**
     * "Search candidates" (decision 086): who they are (name, email and phone weighted A, tags B)
     * and what they wrote (application answers and CV text, C). Kept by triggers (migration 0011)
     * in the statements that change what they are made of.
     */
    searchNames: tsvector("search_names").notNull().default(sql`''::tsvector`),
    searchText: tsvector("search_text").notNull().default(sql`''::tsvector`),
    /**
     * What "possible duplicate" compares (decision 085), kept by PostgreSQL whenever the row
     * changes: the phone's digits (null when fewer than 7), and the name in lower case without
     * accents and extra spaces.
     */
    phoneKey: text("phone_key").generatedAlwaysAs(CANDIDATE_PHONE_KEY),
    nameKey: text("name_key").notNull().generatedAlwaysAs(CANDIDATE_NAME_KEY),
    /**
     * When the candidate asked, from their own page, to be erased (decision 119): the company answers
     * within a month (Erase candidate, or a reply). Cleared by the erasure.
     */
    erasureRequestedAt: timestamptz("erasure_requested_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("candidates_company_email_unique").on(t.companyId, t.emailKey),
    // "Email me my links" (decision 119): a person's candidates in every company, by their address.
    index("candidates_email_key_idx").on(t.emailKey),
    // The dashboard's erasure requests awaiting an answer (decision 119): few rows, oldest first.
    index("candidates_company_erasure_requested_idx")
      .on(t.companyId, t.erasureRequestedAt)
      .where(sql`${t.erasureRequestedAt} is not null`),
    // Possible duplicates of one candidate (decision 085): the company's candidates with the same
    // phone, and with the same name (whose emails are then compared), the most recently active first,
    // so that a common name's walk stops at the few the page shows (decision 129).
    index("candidates_company_phone_key_idx")
      .on(t.companyId, t.phoneKey)
      .where(sql`${t.phoneKey} is not null`),
    index("candidates_company_name_key_idx").on(t.companyId, t.nameKey, t.lastAppliedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    unique("candidates_id_company_unique").on(t.id, t.companyId),
    // The candidates list pages by last activity, newest first (keyset, decision 060).
    index("candidates_company_last_applied_idx").on(t.companyId, t.lastAppliedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // …filtered by source.
    index("candidates_company_source_idx").on(t.companyId, t.source, t.lastAppliedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The staff API's candidate list (decision 112): newest first by when they were added, which never changes.
    index("candidates_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // …sorted by name, A to Z (keyset on the lower-case name, then the id; decision 084).
    index("candidates_company_name_idx").on(t.companyId, sql`lower(${t.name})`, t.id),
    // "Search candidates" by part of a name or an email (pg_trgm).
    index("candidates_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
    index("candidates_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("candidates_search_names_idx").using("gin", t.searchNames),
    index("candidates_search_text_idx").using("gin", t.searchText),
    check("candidates_source_check", oneOf("source", APPLICATION_SOURCES)),
  ],
);

/**
 * The addresses of candidates merged into another (decision 085): the merged person's email key now
 * finds the candidate they were merged into, when they apply again (the trigger that finds an
 * application's candidate reads it first), are added or are imported. A key here is never a
 * candidate's own key: the candidate who had it was deleted by the merge that made it.
 */
export const candidateEmailAliases = pgTable(
  "candidate_email_aliases",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The merged candidate's email key (trimmed, lower case). */
    emailKey: text("email_key").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "candidate_email_aliases_pkey", columns: [t.companyId, t.emailKey] }),
    foreignKey({ name: "candidate_email_aliases_candidate_fk", columns: [t.candidateId, t.companyId], foreignColumns: [candidates.id, candidates.companyId] }).onDelete(
      "cascade",
    ),
    // A merge moves the merged candidate's aliases; deleting a candidate deletes theirs.
    index("candidate_email_aliases_candidate_idx").on(t.candidateId),
  ],
);

/**
 * Pairs of candidates a staff member said are not one person ("Not a duplicate", decision 085):
 * never suggested together again. One row per pair, the smaller id first.
 */
export const candidateDuplicateDismissals = pgTable(
  "candidate_duplicate_dismissals",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    candidateId: uuid("candidate_id").notNull(),
    otherCandidateId: uuid("other_candidate_id").notNull(),
    dismissedBy: text("dismissed_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "candidate_duplicate_dismissals_pkey", columns: [t.candidateId, t.otherCandidateId] }),
    foreignKey({
      name: "candidate_duplicate_dismissals_candidate_fk",
      columns: [t.candidateId, t.companyId],
      foreignColumns: [candidates.id, candidates.companyId],
    }).onDelete("cascade"),
    foreignKey({
      name: "candidate_duplicate_dismissals_other_fk",
      columns: [t.otherCandidateId, t.companyId],
      foreignColumns: [candidates.id, candidates.companyId],
    }).onDelete("cascade"),
    // The pair's other side (a candidate's dismissals are read from both columns), and its cascade.
    index("candidate_duplicate_dismissals_other_idx").on(t.otherCandidateId),
    index("candidate_duplicate_dismissals_dismissed_by_idx")
      .on(t.dismissedBy)
      .where(sql`${t.dismissedBy} is not null`),
    check("candidate_duplicate_dismissals_order_check", sql`${t.candidateId} < ${t.otherCandidateId}`),
  ],
);

export const CANDIDATE_IMPORT_STATUSES = ["previewed", "imported"] as const;

/**
 * A CSV import between its preview and its confirmation (decision 085): the rows as the file gave
 * them, each with what the preview found, kept on the server so the confirmation writes what was
 * previewed and never what a browser sends back. Kept a day; once imported, the rows are dropped
 * and the summary stays.
 */
export const candidateImports = pgTable(
  "candidate_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    status: text("status", { enum: CANDIDATE_IMPORT_STATUSES }).notNull().default("previewed"),
    rows: jsonb("rows").$type<unknown[]>().notNull().default([]),
    /** The file's columns the import does not read, named on the preview. */
    ignoredColumns: jsonb("ignored_columns").$type<string[]>().notNull().default([]),
    rowCount: integer("row_count").notNull(),
    errorCount: integer("error_count").notNull(),
    /** What the import wrote: new and existing candidates, applications. */
    result: jsonb("result").$type<Record<string, number>>(),
    createdAt: createdAt(),
    importedAt: timestamptz("imported_at"),
  },
  (t) => [
    // A company's old previews are swept on its next upload.
    index("candidate_imports_company_created_idx").on(t.companyId, t.createdAt),
    index("candidate_imports_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check("candidate_imports_status_check", oneOf("status", CANDIDATE_IMPORT_STATUSES)),
  ],
);

/**
 * A company's tag vocabulary (decision 084): a tag is made the first time someone puts it on a
 * candidate, and found again by its name in any case ("backend" is the tag "Backend").
 */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** As first typed: trimmed, one line, 1 to 50 characters. */
    name: text("name").notNull(),
    /** What makes a tag one per company: its name in lower case, kept by the database. */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    createdAt: createdAt(),
    /** When it was last put on a candidate: the suggestions are the tags used most recently. */
    lastUsedAt: timestamptz("last_used_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tags_company_name_key_unique").on(t.companyId, t.nameKey),
    // The target of the candidate_tags foreign key that keeps a tag on a candidate of its own company.
    unique("tags_id_company_unique").on(t.id, t.companyId),
    // Suggestions: the company's most recently used tags.
    index("tags_company_last_used_idx").on(t.companyId, t.lastUsedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("tags_name_check", sql`char_length(${t.name}) between 1 and 50 and ${t.name} = btrim(${t.name})`),
  ],
);

/**
 * The company's reasons for rejecting an application ("Not qualified", "Withdrew"…), in the order the
 * reject dialog offers them; edited in Settings › Hiring (decision 090). An application keeps the
 * reason's name, not a reference: the list can change without rewriting past rejections.
 */
export const rejectionReasons = pgTable(
  "rejection_reasons",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** Trimmed, one line, 1 to 60 characters. */
    name: text("name").notNull(),
    /** One reason per name per company, whatever its case. */
    nameKey: text("name_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    /** Its place in the list (smallest first). */
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rejection_reasons_company_name_key_unique").on(t.companyId, t.nameKey),
    index("rejection_reasons_company_position_idx").on(t.companyId, t.position),
    check("rejection_reasons_name_check", sql`char_length(${t.name}) between 1 and 60 and ${t.name} = btrim(${t.name})`),
  ],
);

/**
 * Which candidates carry which tags. The composite foreign keys keep the candidate and the tag in the
 * link's company (decision 052): a link cannot join one company's candidate to another's tag.
 */
export const candidateTags = pgTable(
  "candidate_tags",
  {
    candidateId: uuid("candidate_id").notNull(),
    tagId: uuid("tag_id").notNull(),
    companyId: uuid("company_id").notNull(),
    /**
     * The candidate's last activity, copied (decision 084): inserted without it (null), a trigger
     * reads the candidate's, and a trigger on candidates keeps it theirs (migration 0013), so the
     * candidates with a tag, newest activity first, are one range of the index below.
     */
    candidateLastAppliedAt: timestamptz("candidate_last_applied_at")
      .notNull()
      .$defaultFn(() => sql`null`),
    createdAt: createdAt(),
    /** Who put the tag on; null once that user is deleted. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  },
  (t) => [
    // A candidate's tags (their page, the list's Tags column, and the Tag filter probed per candidate).
    primaryKey({ name: "candidate_tags_pkey", columns: [t.candidateId, t.tagId] }),
    foreignKey({
      name: "candidate_tags_candidate_company_fk",
      columns: [t.candidateId, t.companyId],
      foreignColumns: [candidates.id, candidates.companyId],
    }).onDelete("cascade"),
    foreignKey({ name: "candidate_tags_tag_company_fk", columns: [t.tagId, t.companyId], foreignColumns: [tags.id, tags.companyId] }).onDelete(
      "cascade",
    ),
    // A tag's candidates in the list's order (newest activity first, keyset on the copied date and
    // the id): the Tag filter's page and count read from the tag's side; also whether a tag is in use.
    index("candidate_tags_tag_activity_idx").on(t.tagId, t.candidateLastAppliedAt.desc().nullsFirst(), t.candidateId.desc().nullsFirst()),
    // Deleting a user sets created_by to null.
    index("candidate_tags_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
  ],
);

export const applications = pgTable(
  "applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** A job of the application's company (composite foreign key below). */
    jobId: uuid("job_id").notNull(),
    /**
     * The person (composite foreign key below). Inserted without it (null), the database finds or
     * makes the company's candidate with this email (trigger, migration 0007).
     */
    candidateId: uuid("candidate_id")
      .notNull()
      .$defaultFn(() => sql`null`),
    /** The name and email as this application gave them. */
    candidateName: text("candidate_name").notNull(),
    candidateEmail: text("candidate_email").notNull(),
    resumeUrl: text("resume_url"),
    /** Where the application came from (an APPLICATION_SOURCES kind) and its detail. */
    source: text("source", { enum: APPLICATION_SOURCES }).notNull().default("job_board"),
    sourceDetail: text("source_detail"),
    formData: jsonb("form_data")
      .$type<{ cover_letter?: string; custom_fields?: Record<string, string | boolean> }>()
      .notNull()
      .default({}),
    /** A stage of the application's job (composite foreign key below). */
    currentPipelineStageId: uuid("current_pipeline_stage_id"),
    /**
     * The furthest stage it has been in, by the job's current order, leaving out a stage named
     * "Rejected" (decision 104): what the reports' funnel counts. Kept by the database from the stage
     * history (migration 0028): raised as the application enters a later stage, worked out again from
     * `stage_entries` when the job's stages are reordered, renamed or deleted. Null with no such stage.
     */
    furthestStageId: uuid("furthest_stage_id"),
    /** How many of its interviews are not cancelled: kept by the database (migration 0028) for the reports' "interviewed". */
    interviews: integer("interviews").notNull().default(0),
    /**
     * When it entered the stage it is in now: kept by the database as it is inserted or moved
     * (migration 0029), for the reports' candidates stuck in a stage and the list's filter of them.
     */
    stageEnteredAt: timestamptz("stage_entered_at").notNull().defaultNow(),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("active"),
    /**
     * Why it was rejected: the reason's name as it was chosen (decision 090), so renaming or removing
     * a reason from the company's list keeps what past rejections said. Null unless rejected.
     */
    rejectionReason: text("rejection_reason"),
    rejectedAt: timestamptz("rejected_at"),
    /** The day the candidate was hired (their start, as the recruiter gave it; decision 094). Null until hired. */
    hiredOn: date("hired_on", { mode: "string" }),
    /**
     * The thread's reply address token (decision 097): outgoing emails to the candidate carry
     * `Reply-To: reply+<token>@<INBOUND_EMAIL_DOMAIN>`. 128 random bits in lower-case base32, made
     * when the first email of the application is recorded with inbound mail configured; null before.
     */
    replyToken: text("reply_token"),
    /**
     * The candidate's consent as they applied (decision 114): the privacy notice the form showed (its
     * kind and its address or text at that moment), when they agreed to it, and whether (and when)
     * they asked to be kept in the talent pool. Null for candidates added by staff or imported.
     */
    privacyNoticeKind: text("privacy_notice_kind", { enum: SHOWN_PRIVACY_NOTICE_KINDS }),
    privacyNoticeShown: text("privacy_notice_shown"),
    privacyConsentedAt: timestamptz("privacy_consented_at"),
    talentPoolConsent: boolean("talent_pool_consent"),
    talentPoolConsentedAt: timestamptz("talent_pool_consented_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The applications list pages newest first from a (created_at, id) cursor (decision 060): one
    // index per filter, each ending in the list's order. DESC is NULLS FIRST, as ORDER BY … DESC is.
    // Filtered by job (and the board's deletes by job).
    index("applications_job_created_idx").on(t.jobId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Unfiltered, and "Applications Today".
    index("applications_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Filtered by status.
    index("applications_company_status_idx").on(t.companyId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Board: a stage's applications newest first (each column's page), the list filtered by stage,
    // and the stage foreign key's own lookups.
    index("applications_stage_created_idx").on(t.currentPipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Board: a stage's active applications newest first (each column's page holds active cards only,
    // decision 090), so a stage full of rejected applications costs its column nothing.
    index("applications_stage_active_idx")
      .on(t.currentPipelineStageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'active'`),
    // Board: the job's applications that are not active (the "Show rejected" lane), newest first.
    index("applications_job_inactive_idx")
      .on(t.jobId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} <> 'active'`),
    check("applications_privacy_notice_kind_check", sql`${t.privacyNoticeKind} in ('link', 'text', 'default')`),
    // The list's search by part of a name or an email (pg_trgm; decision 060).
    index("applications_candidate_name_trgm_idx").using("gin", t.candidateName.op("gin_trgm_ops")),
    index("applications_candidate_email_trgm_idx").using("gin", t.candidateEmail.op("gin_trgm_ops")),
    // A candidate's applications, newest first, with what the candidates list's filters ask of each
    // (company, status, job, stage): a filter's probe per candidate reads the index alone (decision 084).
    index("applications_candidate_created_idx").on(
      t.candidateId,
      t.createdAt.desc().nullsFirst(),
      t.companyId,
      t.status,
      t.jobId,
      t.currentPipelineStageId,
    ),
    // Reports (decision 104): a company's applications by the day they came, with what the funnel and
    // the sources count of each, so a report over a date range reads the index alone.
    index("applications_report_idx").on(t.companyId, t.createdAt, t.jobId, t.source, t.furthestStageId, t.hiredOn, t.interviews),
    // Reports' time to hire and to fill (decision 105): a company's hires by the day they applied.
    index("applications_hired_idx")
      .on(t.companyId, t.createdAt, t.jobId, t.source, t.hiredOn)
      .where(sql`${t.hiredOn} is not null`),
    // Reports' candidates stuck in a stage (decision 105): the active applications not hired, by when they
    // entered their stage, with what the report's filters ask of each.
    index("applications_waiting_idx")
      .on(t.companyId, t.stageEnteredAt, t.createdAt, t.jobId, t.source, t.currentPipelineStageId)
      .where(sql`${t.status} = 'active' and ${t.hiredOn} is null`),
    // A reply is matched to its application by the token alone (decision 097).
    uniqueIndex("applications_reply_token_unique")
      .on(t.replyToken)
      .where(sql`${t.replyToken} is not null`),
    // One application per email per job.
    uniqueIndex("applications_job_email_unique").on(t.jobId, sql`lower(${t.candidateEmail})`),
    // The job is of the application's company, and the stage is of the application's job (decision 052).
    foreignKey({
      name: "applications_candidate_company_fk",
      columns: [t.candidateId, t.companyId],
      foreignColumns: [candidates.id, candidates.companyId],
    }).onDelete("cascade"),
    foreignKey({ name: "applications_job_company_fk", columns: [t.jobId, t.companyId], foreignColumns: [jobs.id, jobs.companyId] }).onDelete(
      "cascade",
    ),
    foreignKey({
      name: "applications_stage_job_fk",
      columns: [t.currentPipelineStageId, t.jobId],
      foreignColumns: [pipelineStages.id, pipelineStages.jobId],
    }).onDelete("restrict"),
    check("applications_status_check", oneOf("status", APPLICATION_STATUSES)),
    check("applications_source_check", oneOf("source", APPLICATION_SOURCES)),
  ],
);

/**
 * A candidate's CVs (decision 083): the file lives in the file storage under `storage_key` (never a
 * public address); the row holds what was decided about it and, once the background task has read
 * it, its text. Deleting a candidate deletes these rows (no screen deletes candidates yet; erasure
 * with the stored files is issue 17).
 */
export const cvs = pgTable(
  "cvs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    candidateId: uuid("candidate_id").notNull(),
    /** The application it came with, if any (an apply form, or Add candidate with a job). */
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "set null" }),
    /** The name it was uploaded with, cleaned (documentFileName): shown and offered for download. */
    fileName: text("file_name").notNull(),
    /** Decided from the bytes (never the name). */
    kind: text("kind", { enum: CV_KINDS }).notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull().unique(),
    textStatus: text("text_status", { enum: CV_TEXT_STATUSES }).notNull().default("pending"),
    text: text("text"),
    pages: integer("pages"),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    extractedAt: timestamptz("extracted_at"),
  },
  (t) => [
    // A candidate's CVs, newest first.
    index("cvs_candidate_created_idx").on(t.candidateId, t.createdAt.desc().nullsFirst()),
    index("cvs_application_idx").on(t.applicationId),
    foreignKey({
      name: "cvs_candidate_company_fk",
      columns: [t.candidateId, t.companyId],
      foreignColumns: [candidates.id, candidates.companyId],
    }).onDelete("cascade"),
    check("cvs_kind_check", oneOf("kind", CV_KINDS)),
    check("cvs_text_status_check", oneOf("text_status", CV_TEXT_STATUSES)),
  ],
);

/**
 * How many applications each stage holds, and how many of them are active: what the board's columns,
 * the staff job list and "Pending Reviews" show, without counting a million rows (decision 060).
 * Kept by triggers (migration 0006) in the statement that inserts, moves, changes the status of or
 * deletes an application, so the numbers are exact and never a transaction behind.
 */
export const stageCounts = pgTable(
  "stage_counts",
  {
    stageId: uuid("stage_id")
      .primaryKey()
      .references(() => pipelineStages.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").notNull(),
    jobId: uuid("job_id").notNull(),
    applications: integer("applications").notNull().default(0),
    active: integer("active").notNull().default(0),
  },
  (t) => [
    // The staff job list: a job's total over its stages.
    index("stage_counts_job_idx").on(t.jobId),
  ],
);

/**
 * How many candidates each company has (decision 135): the candidates list's number when nothing
 * filters it, exact ("1,000,000 candidates") where counting them up to a cap read 10,001 index entries
 * on every visit. Kept by statement triggers on candidates (migration 0049) in the statement that
 * inserts or deletes them: a CSV import, a merge and an erasure included.
 */
export const candidateCounts = pgTable("candidate_counts", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  candidates: integer("candidates").notNull().default(0),
});

/**
 * How many applications each company has, and how many of them are active (decision 137): "Pending
 * Reviews" on the dashboard and the applications list's count for the whole company, read as one
 * row where summing the company's stage counters read a thousand rows from as many pages on every
 * visit. Kept by statement triggers on applications (migration 0050) in the statement that inserts,
 * re-statuses or deletes them, as the stage counters are.
 */
export const applicationCounts = pgTable("application_counts", {
  companyId: uuid("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  applications: integer("applications").notNull().default(0),
  active: integer("active").notNull().default(0),
});

/**
 * The stage history (decision 104): one row per stage an application has been in, from when it entered
 * to when it left (null: it is there now). What reports count and time, so they stay true after stages
 * are renamed, reordered or deleted (`stage_name` keeps the name it had; a deleted stage leaves
 * `stage_id` null) and after candidates are merged or rejected and restored (the stage is kept).
 * Written by the database in the statement that inserts or moves applications (migration 0028),
 * whatever makes the change.
 */
export const stageEntries = pgTable(
  "stage_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    stageId: uuid("stage_id").references(() => pipelineStages.id, { onDelete: "set null" }),
    stageName: text("stage_name").notNull(),
    enteredAt: timestamptz("entered_at").notNull(),
    leftAt: timestamptz("left_at"),
    /** The application's own time and source (they never change), so a stay is counted without it (`stage_stays`). */
    appliedAt: timestamptz("applied_at").notNull(),
    source: text("source").notNull(),
    /** Insertion order: breaks ties between entries with the same time (a move and a move back in one transaction). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    // An application's stages in order; the one it is in now.
    index("stage_entries_application_idx").on(t.applicationId, t.enteredAt, t.seq),
    // A job's history, worked over again when its stages change; its latest move (the job health report).
    index("stage_entries_job_idx").on(t.jobId, t.enteredAt),
    // Deleting a stage sets stage_id to null.
    index("stage_entries_stage_idx").on(t.stageId),
    // The ended stays of the applications made in a few days: time in stage's days left over (decision 105).
    index("stage_entries_stays_idx")
      .on(t.companyId, t.appliedAt)
      .where(sql`${t.leftAt} is not null and ${t.stageId} is not null`),
    // The same for one job's report (decision 106).
    index("stage_entries_job_stays_idx")
      .on(t.jobId, t.appliedAt)
      .where(sql`${t.leftAt} is not null and ${t.stageId} is not null`),
  ],
);

/**
 * The reports' counts (decision 104): a company's applications by when they were made (a UTC month, or
 * a block of a month: days 1–7, 8–14, 15–21, 22–28 and 29 to the end), job, source and furthest stage,
 * with how many of them were hired and how many interviewed. A report over a year reads the whole
 * months inside its days from here, the whole blocks at either end, and only the days left over from
 * the applications themselves. Kept by the database in the statement that inserts, changes or deletes
 * applications (migration 0028); a count may be zero.
 */
export const REPORT_SPANS = ["month", "block"] as const;
/**
 * The report counts' spans: a month, a block of a month, a week (Monday to Sunday, UTC) for the volume
 * report (decision 105), and a UTC day (decision 148). Each application is counted in three families of
 * rows (decision 148, `report_count_keys`): by its source with its furthest stage null ("every stage",
 * every span); under source `*` ("every source") by its furthest stage (months, blocks and days); and by
 * both (months and blocks). A funnel of every source reads the second, the sources the first, a funnel
 * of one source the third.
 */
export const REPORT_COUNT_SPANS = [...REPORT_SPANS, "week", "day"] as const;
export const reportCounts = pgTable(
  "report_counts",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    span: text("span", { enum: REPORT_COUNT_SPANS }).notNull(),
    /** The first day of the month, block or week (UTC). */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    furthestStageId: uuid("furthest_stage_id"),
    applications: integer("applications").notNull(),
    hired: integer("hired").notNull(),
    interviewed: integer("interviewed").notNull(),
  },
  (t) => [
    unique("report_counts_key").on(t.companyId, t.span, t.startsOn, t.jobId, t.source, t.furthestStageId).nullsNotDistinct(),
    // What a report reads of a company's months and blocks, counts included: an index-only scan.
    index("report_counts_read_idx").on(t.companyId, t.span, t.startsOn, t.jobId, t.source, t.furthestStageId, t.applications, t.hired, t.interviewed),
    // The funnel of every source and the sources, each family's rows alone (decision 148).
    index("report_counts_stages_idx")
      .on(t.companyId, t.span, t.startsOn, t.jobId, t.furthestStageId, t.applications)
      .where(sql`${t.source} = '*'`),
    index("report_counts_sources_idx")
      .on(t.companyId, t.span, t.startsOn, t.jobId, t.source, t.applications, t.hired, t.interviewed)
      .where(sql`${t.furthestStageId} is null`),
    check("report_counts_span_check", oneOf("span", REPORT_COUNT_SPANS)),
  ],
);

/**
 * The equal-opportunity survey's answers (decision 118), kept apart from the application: the
 * company, the job and the month applied in (its first day, UTC), and the answers given
 * (`{"gender": "woman", ...}`, never empty). No application, no candidate, no finer time and no key
 * that follows the order of applying: nothing links a row to a person, so the hiring team cannot look
 * one up and an erasure has nothing to remove. Written by the application's own statement; read only
 * as totals (the report's groups under five hidden).
 */
export const eeoResponses = pgTable(
  "eeo_responses",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").notNull(),
    month: date("month", { mode: "string" }).notNull(),
    answers: jsonb("answers").$type<Record<string, string>>().notNull(),
  },
  (t) => [
    foreignKey({ name: "eeo_responses_job_company_fk", columns: [t.jobId, t.companyId], foreignColumns: [jobs.id, jobs.companyId] }).onDelete("cascade"),
    // The report: a company's months, of every job or of one (the second also serves the job's key).
    index("eeo_responses_company_month_idx").on(t.companyId, t.month),
    index("eeo_responses_company_job_month_idx").on(t.companyId, t.jobId, t.month),
    check("eeo_responses_month_check", sql`${t.month} = date_trunc('month', ${t.month})::date`),
    check("eeo_responses_answers_check", sql`jsonb_typeof(${t.answers}) = 'object' and ${t.answers} <> '{}'::jsonb`),
  ],
);

/**
 * The reports' time in stage (decision 105): how many stays in a stage lasted how many whole days
 * (at most 365), by when their application was made (a UTC month or block of a month, as
 * `report_counts`), job, source and stage. Each stay is counted under its source and again under
 * every source (`*`), so a report of all sources reads a row where it would sum one per source. Only
 * stays that have ended, of a stage that still exists.
 * Kept by the database in the statement that ends or deletes stays (migration 0029); a count may be zero.
 */
export const stageStays = pgTable(
  "stage_stays",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    span: text("span", { enum: REPORT_SPANS }).notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    /** An APPLICATION_SOURCES kind, or `*`: every source. */
    source: text("source").notNull(),
    /** No foreign key: deleting a stage takes its stays out through the history's trigger. */
    stageId: uuid("stage_id").notNull(),
    days: integer("days").notNull(),
    stays: integer("stays").notNull(),
  },
  (t) => [
    unique("stage_stays_key").on(t.companyId, t.span, t.startsOn, t.jobId, t.source, t.stageId, t.days),
    // What a report reads of a company's months and blocks, counts included: an index-only scan. Every
    // read names one source (`*` for all of them) and one job or a member's jobs (a report of every job
    // reads `stage_name_stays`), so both come before the days: no other source's or job's rows are read
    // (decision 121).
    index("stage_stays_read_idx").on(t.companyId, t.span, t.source, t.jobId, t.startsOn, t.stageId, t.days, t.stays),
    // A job's rows, for its deletion (decision 106).
    index("stage_stays_job_read_idx").on(t.jobId, t.span, t.startsOn, t.source, t.stageId, t.days, t.stays),
    check("stage_stays_span_check", oneOf("span", REPORT_SPANS)),
  ],
);

/**
 * The reports' time in stage across jobs (decision 106): the stays of `stage_stays` by the stage's name
 * (lowercased) instead of job and stage, per UTC month and per UTC day of when their application was
 * made. A report of every job reads a few dozen rows a month here where `stage_stays` holds thousands,
 * and its days at either end from the day rows. Kept by the database with `stage_stays` (its trigger),
 * and when a stage is renamed or deleted or a job deleted (migration 0032); a count may be zero.
 */
/** The spans of the counts kept per UTC day and month: time in stage across jobs, and team activity. */
export const TEAM_SPANS = ["month", "day"] as const;
export const stageNameStays = pgTable(
  "stage_name_stays",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    span: text("span", { enum: TEAM_SPANS }).notNull(),
    /** The day, or the first day of the month (UTC). */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** An APPLICATION_SOURCES kind, or `*`: every source. */
    source: text("source").notNull(),
    /** The stage's name, lowercased: the reports' stages across jobs. */
    stage: text("stage").notNull(),
    days: integer("days").notNull(),
    stays: integer("stays").notNull(),
  },
  (t) => [
    unique("stage_name_stays_key").on(t.companyId, t.span, t.startsOn, t.source, t.stage, t.days),
    // What a report reads of a company's months and days, counts included: an index-only scan.
    index("stage_name_stays_read_idx").on(t.companyId, t.span, t.source, t.startsOn, t.stage, t.days, t.stays),
    check("stage_name_stays_span_check", oneOf("span", TEAM_SPANS)),
  ],
);

/**
 * The reports' team activity (decision 105): what each member did on a job's applications per UTC
 * day, and per UTC month: stages moved, feedback submitted (and its recommendation), emails sent to
 * candidates. Kept by the database as the history events and the emails are written (migration 0029):
 * actions once done stay counted, as the history does; a cancelled email is taken out.
 */
export const TEAM_ACTIVITY_KINDS = ["moved", "feedback", "emailed", ...RECOMMENDATIONS] as const;
export const teamCounts = pgTable(
  "team_counts",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    span: text("span", { enum: TEAM_SPANS }).notNull(),
    /** The day, or the first day of the month (UTC). */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** A TEAM_ACTIVITY_KINDS kind: a recommendation's kind counts the feedback submitted with it. */
    kind: text("kind", { enum: TEAM_ACTIVITY_KINDS }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    unique("team_counts_key").on(t.companyId, t.span, t.startsOn, t.jobId, t.memberId, t.kind),
    // What a report reads of a company's months and days, counts included: an index-only scan.
    index("team_counts_read_idx").on(t.companyId, t.span, t.startsOn, t.jobId, t.memberId, t.kind, t.n),
    check("team_counts_span_check", oneOf("span", TEAM_SPANS)),
    index("team_counts_member_idx").on(t.memberId),
    check("team_counts_kind_check", oneOf("kind", TEAM_ACTIVITY_KINDS)),
  ],
);

/** The spans of `team_totals`: UTC months, days and hours. */
export const TEAM_TOTAL_SPANS = ["month", "day", "hour"] as const;

/**
 * The team's activity summed over every job of the company (decision 120): what `team_counts` counts,
 * without the job, per UTC month, day and hour, so a report of every job reads a few rows per member
 * and the hours at either end of a reader's days without reading the history. Kept by the same
 * triggers as `team_counts` (migration 0045); a job deleted takes its share out, as its counts go.
 */
export const teamTotals = pgTable(
  "team_totals",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    span: text("span", { enum: TEAM_TOTAL_SPANS }).notNull(),
    /** The first instant of the UTC month, day or hour. */
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    memberId: text("member_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** A TEAM_ACTIVITY_KINDS kind. */
    kind: text("kind", { enum: TEAM_ACTIVITY_KINDS }).notNull(),
    n: integer("n").notNull(),
  },
  (t) => [
    unique("team_totals_key").on(t.companyId, t.span, t.startsAt, t.memberId, t.kind),
    // What a report reads of a company's months, days and hours, counts included: an index-only scan.
    index("team_totals_read_idx").on(t.companyId, t.span, t.startsAt, t.memberId, t.kind, t.n),
    index("team_totals_member_idx").on(t.memberId),
    check("team_totals_span_check", oneOf("span", TEAM_TOTAL_SPANS)),
    check("team_totals_kind_check", oneOf("kind", TEAM_ACTIVITY_KINDS)),
  ],
);

/**
 * Applications whose "Application received" emails are still to be written: one row is inserted in
 * the application's own statement and deleted in the transaction that records the emails, so each
 * application's emails are written exactly once, even across a crash (decision 044).
 */
export const applicationEmailQueue = pgTable(
  "application_email_queue",
  {
    applicationId: uuid("application_id")
      .primaryKey()
      .references(() => applications.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  // The worker takes the oldest rows first.
  (t) => [index("application_email_queue_created_idx").on(t.createdAt)],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_templates_company_created_idx").on(t.companyId, t.createdAt.desc())],
);

/** Newsletter sign-ups from the blog and resources pages; one row per email (case-insensitive). */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    /** The page the form was on, e.g. "/blog". */
    source: text("source").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_subscriptions_email_unique").on(sql`lower(${t.email})`)],
);

/** "cancelled": a message sent with a delay (a rejection email) whose sending was called off before it left. */
export const EMAIL_STATUSES = ["pending", "sent", "failed", "logged", "cancelled", "received"] as const;
export const EMAIL_DIRECTIONS = ["outbound", "inbound"] as const;
/** What an invitation attached to an email asks of a calendar (decision 102). */
export const CALENDAR_METHODS = ["REQUEST", "CANCEL"] as const;

/**
 * Every email of the app: the outbox that delivery retries from, the record of what a candidate was
 * sent (application_id set), and the candidates' replies (direction inbound, status received;
 * decision 097). An application's rows are its thread with the candidate.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "cascade" }),
    /** What the message is for, e.g. "password-reset", "application-received"; "reply" for a candidate's reply. */
    kind: text("kind").notNull(),
    /** Outbound: the app sends it. Inbound: a candidate's reply, received, never sent (decision 097). */
    direction: text("direction", { enum: EMAIL_DIRECTIONS }).notNull().default("outbound"),
    /** Inbound: the sender as the From header gave it. */
    from: text("from"),
    /** Outbound to a candidate: the member who wrote or sent it (the reports' team activity, decision 105); null for the app's own. */
    sentBy: text("sent_by").references(() => user.id, { onDelete: "set null" }),
    to: text("to").notNull(),
    /** Outbound: the thread's reply address (decision 097), kept so a retry sends it too. */
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Sign-in links and codes: the body is blanked once delivered. */
    sensitive: boolean("sensitive").notNull().default(false),
    status: text("status", { enum: EMAIL_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
    /** Inbound: the Message-ID and In-Reply-To headers; a message delivered twice is stored once. */
    messageId: text("message_id"),
    inReplyTo: text("in_reply_to"),
    /** Inbound: the attachments a reply came with, by name and size; their contents are not kept. */
    attachments: jsonb("attachments").$type<{ name: string; bytes: number }[]>(),
    /**
     * Outbound: an iCalendar invitation sent with the message (decision 102), its METHOD (REQUEST or
     * CANCEL) and its text; null for every other message.
     */
    calendarMethod: text("calendar_method", { enum: CALENDAR_METHODS }),
    calendar: text("calendar"),
    /** Outbound: headers of its own, e.g. a job alert's List-Unsubscribe (decision 111); null for most messages. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("email_messages_application_idx").on(t.applicationId, t.createdAt.desc()),
    // Deleting a company deletes its messages.
    index("email_messages_company_idx").on(t.companyId),
    // The team activity report's ends of its days (decision 105): the members' emails by when they were written.
    index("email_messages_sent_by_idx")
      .on(t.companyId, t.createdAt, t.sentBy)
      .where(sql`${t.sentBy} is not null`),
    index("email_messages_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // A provider that posts one reply twice (a retried webhook) stores it once.
    uniqueIndex("email_messages_company_message_id_unique")
      .on(t.companyId, t.messageId)
      .where(sql`${t.messageId} is not null`),
    check("email_messages_status_check", oneOf("status", EMAIL_STATUSES)),
    check("email_messages_direction_check", oneOf("direction", EMAIL_DIRECTIONS)),
    check("email_messages_calendar_check", sql`(${t.calendarMethod} is null or ${t.calendarMethod} in ('REQUEST', 'CANCEL')) and (${t.calendarMethod} is null) = (${t.calendar} is null)`),
    // Only a reply is received, and a reply is never sent.
    check("email_messages_received_inbound_check", sql`(${t.direction} = 'inbound') = (${t.status} = 'received')`),
  ],
);

/** An invitation to join a company as recruiter; the link carries the token, the row its hash. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    /** The role the invitee joins with (decision 096). */
    role: text("role", { enum: PROFILE_ROLES }).notNull().default("recruiter"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamptz("expires_at").notNull(),
    acceptedAt: timestamptz("accepted_at"),
    acceptedBy: text("accepted_by").references(() => user.id, { onDelete: "set null" }),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("invitations_company_idx").on(t.companyId, t.createdAt.desc()),
    // At most one open (not accepted, not revoked) invitation per address per company.
    uniqueIndex("invitations_open_email_unique")
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // Deleting a user sets these to null.
    index("invitations_invited_by_idx").on(t.invitedBy),
    index("invitations_accepted_by_idx").on(t.acceptedBy),
    check("invitations_role_check", oneOf("role", PROFILE_ROLES)),
  ],
);

/** A job's hiring team (decision 096): who works on it, and as what. A hiring manager sees the jobs they are on. */
export const jobTeamMembers = pgTable(
  "job_team_members",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    teamRole: text("team_role", { enum: TEAM_ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.userId] }),
    // A member's jobs: the hiring manager's scope, read on every page they open.
    index("job_team_members_user_idx").on(t.userId, t.jobId),
    index("job_team_members_company_idx").on(t.companyId),
    check("job_team_members_team_role_check", oneOf("team_role", TEAM_ROLES)),
  ],
);

/**
 * What interviewers judge (decision 099): the company's defaults (no job, no stage), or a job's
 * interview plan, per stage. A stage with attributes holds interviews.
 */
export const scorecardAttributes = pgTable(
  "scorecard_attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    jobId: uuid("job_id").references(() => jobs.id, { onDelete: "cascade" }),
    stageId: uuid("stage_id").references(() => pipelineStages.id, { onDelete: "cascade" }),
    /** e.g. "Skills", "Culture"; "" for none. */
    category: text("category").notNull().default(""),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("scorecard_attributes_company_idx").on(t.companyId, t.position).where(sql`${t.jobId} is null`),
    index("scorecard_attributes_stage_idx").on(t.stageId, t.position),
    index("scorecard_attributes_job_idx").on(t.jobId),
    check("scorecard_attributes_plan_check", sql`(${t.jobId} is null) = (${t.stageId} is null)`),
  ],
);

/**
 * One teammate's feedback on one application (decision 099): a rating per attribute (a copy of the
 * attributes as they were), an overall recommendation and notes. A draft until `submitted_at`.
 */
export const scorecards = pgTable(
  "scorecards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The application's job (it never changes): the dashboard finds a hiring team's scorecards by it (decision 105). */
    jobId: uuid("job_id")
      .notNull()
      .references(() => jobs.id, { onDelete: "cascade" }),
    authorId: text("author_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    recommendation: text("recommendation", { enum: RECOMMENDATIONS }),
    ratings: jsonb("ratings").$type<{ attributeId: string; category: string; name: string; rating: number }[]>().notNull().default([]),
    notes: text("notes").notNull().default(""),
    submittedAt: timestamptz("submitted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("scorecards_application_author_unique").on(t.applicationId, t.authorId),
    index("scorecards_company_idx").on(t.companyId),
    index("scorecards_author_idx").on(t.authorId),
    // A hiring team's submitted scorecards (the dashboard's candidates ready for a decision).
    index("scorecards_job_submitted_idx")
      .on(t.jobId, t.submittedAt, t.applicationId)
      .where(sql`${t.submittedAt} is not null`),
    check("scorecards_recommendation_check", sql`${t.recommendation} is null or ${t.recommendation} in ('strong_no', 'no', 'yes', 'strong_yes')`),
    check("scorecards_submitted_check", sql`${t.submittedAt} is null or ${t.recommendation} is not null`),
  ],
);

/**
 * A teammate asked for their feedback on an application (decision 096): what an interviewer sees
 * (only these applications), and later the scorecard they owe.
 */
export const feedbackRequests = pgTable(
  "feedback_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    reviewerId: text("reviewer_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("feedback_requests_application_reviewer_unique").on(t.applicationId, t.reviewerId),
    // A reviewer's requests, newest first: an interviewer's scope and their list.
    index("feedback_requests_reviewer_idx").on(t.reviewerId, t.createdAt.desc()),
    index("feedback_requests_company_idx").on(t.companyId),
    index("feedback_requests_requested_by_idx").on(t.requestedBy),
  ],
);

/** Fixed-window request counters shared by every app node (rate limiting). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamptz("window_start").notNull(),
  },
  // The sweep deletes windows older than a day.
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

export const ACTIVITY_TYPES = [
  "application_received",
  "application_added",
  "application_imported",
  "application_stage_moved",
  "application_status_changed",
  "application_hired",
  "application_feedback_requested",
  "application_feedback_submitted",
  "application_reply_received",
  "application_interview_scheduled",
  "application_interview_rescheduled",
  "application_interview_cancelled",
  "application_scheduling_link_sent",
  "application_interview_booked",
  "application_candidate_update",
  "candidates_merged",
  "job_posted",
  "job_status_changed",
] as const;
export const ACTIVITY_SUBJECT_TYPES = ["application", "candidate", "job"] as const;

/**
 * A company's events: what the dashboard's Recent Activity and an application's history
 * show. Written in the same transaction as the change it records (recordActivity).
 */
export const activityEvents = pgTable(
  "activity_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The staff member who acted; null for candidates (an application received). */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    type: text("type", { enum: ACTIVITY_TYPES }).notNull(),
    subjectType: text("subject_type", { enum: ACTIVITY_SUBJECT_TYPES }).notNull(),
    /** The application's, candidate's or job's id; no foreign key, so history outlives a deleted subject. */
    subjectId: uuid("subject_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /** Insertion order: breaks ties between events with the same timestamp (PGlite's clock is coarse). */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    // Dashboard: a company's newest events.
    index("activity_events_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst(), t.seq.desc().nullsFirst()),
    // A job's team actions in a few hours: team activity's ends for one job or a member's jobs (decision 120).
    index("activity_events_job_team_idx")
      .on(t.companyId, sql`((${t.data}->>'jobId')::uuid)`, t.createdAt)
      .where(sql`${t.subjectType} = 'application' and ${t.type} in ('application_stage_moved', 'application_feedback_submitted') and ${t.actorId} is not null`),
    // Application history: one subject's events in order.
    index("activity_events_subject_created_idx").on(t.subjectId, t.createdAt, t.seq),
    // Deleting a user sets actor_id to null; candidates' events (most of them) have none.
    index("activity_events_actor_idx")
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    check("activity_events_type_check", oneOf("type", ACTIVITY_TYPES)),
    check("activity_events_subject_type_check", oneOf("subject_type", ACTIVITY_SUBJECT_TYPES)),
  ],
);

/**
 * Notes on a candidate, or on one of their applications (decision 098): a note on an application
 * also names its candidate, so the candidate's page shows every note about the person. The body is
 * plain text; a mention is the token `@[Name](userId)` in it, shown with the member's current name.
 * The composite foreign key keeps the candidate in the note's company (decision 052); the
 * application's company is checked by the service that writes the note.
 */
export const notes = pgTable(
  "notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").notNull(),
    candidateId: uuid("candidate_id").notNull(),
    applicationId: uuid("application_id").references(() => applications.id, { onDelete: "cascade" }),
    /** Who wrote it; null once they are removed (the note stays, by "Former staff member"). */
    authorId: text("author_id").references(() => user.id, { onDelete: "set null" }),
    /** 1 to 5,000 characters, as typed (line breaks kept). */
    body: text("body").notNull(),
    createdAt: createdAt(),
    /** When its author last changed it; null if never ("edited" shows beside it). */
    editedAt: timestamptz("edited_at"),
  },
  (t) => [
    foreignKey({ name: "notes_candidate_company_fk", columns: [t.candidateId, t.companyId], foreignColumns: [candidates.id, candidates.companyId] }).onDelete(
      "cascade",
    ),
    // An application's notes, newest first (its page).
    index("notes_application_created_idx")
      .on(t.applicationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationId} is not null`),
    // A candidate's notes, newest first (their page), and the merge's move of them.
    index("notes_candidate_created_idx").on(t.candidateId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Deleting a user sets author_id to null.
    index("notes_author_idx")
      .on(t.authorId)
      .where(sql`${t.authorId} is not null`),
    check("notes_body_check", sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

export const NOTIFICATION_KINDS = ["mention", "reply"] as const;

/**
 * What the bell counts (decision 098): a teammate mentioned the user in a note. One per note and
 * person (an edit that mentions them again adds none); deleting the note deletes it. `emailed_at`
 * is set in the transaction that records its email (at once, or in the daily digest).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The recipient. */
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    /** A mention's note. */
    noteId: uuid("note_id").references(() => notes.id, { onDelete: "cascade" }),
    /** A candidate's reply (decision 097): the thread's inbound email. */
    emailMessageId: uuid("email_message_id").references(() => emailMessages.id, { onDelete: "cascade" }),
    /** Who mentioned them; null once removed. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    readAt: timestamptz("read_at"),
    emailedAt: timestamptz("emailed_at"),
  },
  (t) => [
    uniqueIndex("notifications_note_user_kind_unique").on(t.noteId, t.userId, t.kind),
    // /notifications: a user's newest first (and the user foreign key's deletes).
    index("notifications_user_created_idx").on(t.userId, t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The bell on every staff page: a user's unread, counted from the index alone.
    index("notifications_user_unread_idx")
      .on(t.userId, t.companyId)
      .where(sql`${t.readAt} is null`),
    // The digest: mentions not yet emailed, oldest first.
    index("notifications_unemailed_idx")
      .on(t.createdAt)
      .where(sql`${t.emailedAt} is null`),
    // Deleting a company, or a user who acted.
    index("notifications_company_idx").on(t.companyId),
    index("notifications_actor_idx")
      .on(t.actorId)
      .where(sql`${t.actorId} is not null`),
    check("notifications_kind_check", oneOf("kind", NOTIFICATION_KINDS)),
    // A mention names its note, a reply its email.
    check("notifications_subject_check", sql`(${t.kind} = 'mention') = (${t.noteId} is not null) and (${t.kind} = 'reply') = (${t.emailMessageId} is not null)`),
    uniqueIndex("notifications_email_user_unique")
      .on(t.emailMessageId, t.userId)
      .where(sql`${t.emailMessageId} is not null`),
  ],
);

/**
 * An interview of an application (decision 102): when (an instant, with the zone the scheduler gave
 * it in), for how long, where, and for whom. `uid` is the iCalendar UID every invitation about it
 * carries, and `sequence` is raised on each reschedule and on cancelling, so calendars replace what
 * they hold. A cancelled interview is kept, with `cancelled_at`.
 */
export const interviews = pgTable(
  "interviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startsAt: timestamptz("starts_at").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** The IANA zone the time was given in, e.g. Europe/Berlin. */
    timeZone: text("time_zone").notNull(),
    /** A place or a video link; "" for none. */
    location: text("location").notNull().default(""),
    /** For the interviewers only: never in the candidate's email or invitation. */
    notesForInterviewers: text("notes_for_interviewers").notNull().default(""),
    uid: text("uid").notNull(),
    sequence: integer("sequence").notNull().default(0),
    cancelledAt: timestamptz("cancelled_at"),
    /**
     * The start time its reminders were recorded for (decision 102, "Reminders"): set in the
     * transaction that records them, guarded by `is distinct from starts_at`, so each time an interview
     * is at gets its reminders once; moving it gives it a new time, and so new reminders.
     */
    remindedFor: timestamptz("reminded_for"),
    /**
     * The start time its interviewers were asked for their scorecards after it ended (the feedback
     * pass's guard, like `remindedFor`): asked once per time.
     */
    feedbackAskedFor: timestamptz("feedback_asked_for"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("interviews_uid_unique").on(t.uid),
    // An application's interviews in time order (the application and candidate pages).
    index("interviews_application_starts_idx").on(t.applicationId, t.startsAt),
    // The company's interviews by time (the company calendar feed); also the company's index.
    index("interviews_company_starts_idx").on(t.companyId, t.startsAt),
    // The reminder pass: interviews not cancelled, by time, across companies.
    index("interviews_reminder_due_idx")
      .on(t.startsAt)
      .where(sql`${t.cancelledAt} is null`),
    index("interviews_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check("interviews_duration_check", sql`${t.durationMinutes} between 5 and 720`),
    check("interviews_sequence_check", sql`${t.sequence} >= 0`),
  ],
);

/**
 * Who interviews (decision 102). `starts_at` is the interview's, copied (and changed with it on a
 * reschedule) so that a member's interviews by time are one index range.
 */
export const interviewInterviewers = pgTable(
  "interview_interviewers",
  {
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    interviewId: uuid("interview_id")
      .notNull()
      .references(() => interviews.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsAt: timestamptz("starts_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    // A member's interviews by time.
    index("interview_interviewers_user_starts_idx").on(t.userId, t.startsAt),
    index("interview_interviewers_company_idx").on(t.companyId),
  ],
);

/**
 * Calendar feeds (decision 102, "Calendar feeds"): a member's private subscription URL for their own
 * interviews ("mine") or, for an admin, the company's ("company"). Only the SHA-256 of the URL's
 * random token is kept, so the database does not reveal the URLs; resetting a link replaces the
 * hash (the old URL answers 404 at once). One per member and scope.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    scope: text("scope", { enum: CALENDAR_FEED_SCOPES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_unique").on(t.tokenHash),
    uniqueIndex("calendar_feeds_member_scope_unique").on(t.companyId, t.userId, t.scope),
    index("calendar_feeds_user_idx").on(t.userId),
    check("calendar_feeds_scope_check", oneOf("scope", CALENDAR_FEED_SCOPES)),
  ],
);

/**
 * Times a member is not available for interviews (decision 103): holidays, focus time. Self-scheduling
 * offers no slot that overlaps one.
 */
export const blockedTimes = pgTable(
  "blocked_times",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at").notNull(),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    // A member's blocked times that end after a moment: the slots' read and the profile's list.
    index("blocked_times_user_ends_idx").on(t.userId, t.endsAt),
    index("blocked_times_company_idx").on(t.companyId),
    check("blocked_times_order_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * A self-scheduling link (decision 103): sent to an application's candidate, it offers the slots in
 * the next `window_days` where every interviewer is working and free, at least `min_notice_hours`
 * ahead, with `buffer_minutes` kept around their other interviews. Only the SHA-256 of the URL's
 * token is kept. It books one interview (`booked_interview_id`, set once) and expires at
 * `expires_at`; a recruiter can withdraw it (`cancelled_at`).
 */
/**
 * A candidate's own page of an application (issue 17, decision 119): the links its confirmation email
 * (and "Email me my links") carries. Only the token's SHA-256 is kept; a link works until it expires,
 * and the candidate can ask for new ones by email. Removed with the application, and by an erasure.
 */
export const applicationLinks = pgTable(
  "application_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("application_links_token_hash_unique").on(t.tokenHash),
    index("application_links_application_idx").on(t.applicationId),
    index("application_links_company_idx").on(t.companyId),
    index("application_links_expires_idx").on(t.expiresAt),
  ],
);

export const schedulingLinks = pgTable(
  "scheduling_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    title: text("title").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    /** Members' user ids, in the order chosen. */
    interviewerIds: text("interviewer_ids").array().notNull(),
    location: text("location").notNull().default(""),
    notesForInterviewers: text("notes_for_interviewers").notNull().default(""),
    minNoticeHours: integer("min_notice_hours").notNull(),
    bufferMinutes: integer("buffer_minutes").notNull(),
    /** The sender's zone: the one the page offers when the candidate's browser has not said theirs. */
    timeZone: text("time_zone").notNull(),
    expiresAt: timestamptz("expires_at").notNull(),
    bookedInterviewId: uuid("booked_interview_id").references(() => interviews.id, { onDelete: "set null" }),
    bookedAt: timestamptz("booked_at"),
    cancelledAt: timestamptz("cancelled_at"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("scheduling_links_token_hash_unique").on(t.tokenHash),
    uniqueIndex("scheduling_links_booked_interview_unique")
      .on(t.bookedInterviewId)
      .where(sql`${t.bookedInterviewId} is not null`),
    index("scheduling_links_application_idx").on(t.applicationId),
    index("scheduling_links_company_idx").on(t.companyId),
    check("scheduling_links_duration_check", sql`${t.durationMinutes} between 5 and 720`),
    check("scheduling_links_notice_check", sql`${t.minNoticeHours} between 0 and 720`),
    check("scheduling_links_buffer_check", sql`${t.bufferMinutes} between 0 and 240`),
    check("scheduling_links_interviewers_check", sql`cardinality(${t.interviewerIds}) between 1 and 10`),
  ],
);

/**
 * A company's webhook endpoints (decision 113): where the events it subscribes to are POSTed, signed
 * with `secret` as the Standard Webhooks specification says (`whsec_` and base64 of 32 random bytes;
 * kept, since every delivery is signed with it, and shown to the company's admins). An endpoint
 * whose deliveries keep failing for good is disabled (`enabled` false, `disabled_reason`) and its
 * admins are emailed; `consecutive_failures` counts the deliveries that failed for good since the last success.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // An event's fan-out: the company's enabled endpoints.
    index("webhook_endpoints_company_idx").on(t.companyId),
    check("webhook_endpoints_events_check", sql.raw(`cardinality(events) > 0 and events <@ array[${WEBHOOK_EVENTS.map((e) => `'${e}'`).join(", ")}]::text[]`)),
  ],
);

/**
 * One event for one endpoint (decision 113): its id is the message's `webhook-id`, the same on every
 * attempt and on a resend, so a receiver can drop what it has already had. `payload` is the body
 * (`type`, `timestamp`, `data`); the last attempt's outcome is kept for the delivery log.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    responseStatus: integer("response_status"),
    /** The start of the last answer's body, or why there was none (a timeout, a refused address). */
    responseBody: text("response_body"),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
    lastAttemptAt: timestamptz("last_attempt_at"),
    deliveredAt: timestamptz("delivered_at"),
  },
  (t) => [
    // The delivery log: an endpoint's newest first, in its pages' own order (decision 146).
    index("webhook_deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("webhook_deliveries_company_idx").on(t.companyId),
    check("webhook_deliveries_status_check", oneOf("status", WEBHOOK_DELIVERY_STATUSES)),
  ],
);

/**
 * A visitor's job alert (decision 111): an email address and a search of the board or of one
 * company's careers page, sent as a daily or weekly digest of the jobs published since the last one.
 * Only confirmed alerts (double opt-in) get digests; unconfirmed ones are deleted after a few days.
 */
export const jobAlerts = pgTable(
  "job_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** In lower case. */
    email: text("email").notNull(),
    /** A careers page's alert, or the board's narrowed to one company; null: every company. */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    /** The board's search words; "" for none. */
    q: text("q").notNull().default(""),
    type: text("type", { enum: JOB_TYPES }),
    remoteType: text("remote_type", { enum: REMOTE_TYPES }),
    location: text("location").notNull().default(""),
    department: text("department").notNull().default(""),
    frequency: text("frequency", { enum: JOB_ALERT_FREQUENCIES }).notNull(),
    /** SHA-256 of the confirmation link's token until the alert is confirmed. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmedAt: timestamptz("confirmed_at"),
    /** Jobs published after this are new to the alert: its confirmation, then each digest's run. */
    since: timestamptz("since"),
    /** When the next digest is due (confirmed alerts only). */
    nextDigestAt: timestamptz("next_digest_at"),
    lastSentAt: timestamptz("last_sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One alert per address and search: subscribing again changes it instead of adding a second.
    unique("job_alerts_search_key")
      .on(t.email, t.companyId, t.q, t.type, t.remoteType, t.location, t.department)
      .nullsNotDistinct(),
    uniqueIndex("job_alerts_confirm_token_idx").on(t.confirmTokenHash),
    index("job_alerts_due_idx").on(t.nextDigestAt).where(sql`${t.confirmedAt} is not null`),
    index("job_alerts_unconfirmed_idx").on(t.createdAt).where(sql`${t.confirmedAt} is null`),
  ],
);

/**
 * Staff API keys (decision 112): made by an admin in Settings › API keys, shown once, kept as the
 * SHA-256 of the whole key (`oh_live_<secret>`) with its first characters to tell keys apart. A key
 * acts as the admin who made it while they are still an admin of the company. `last_used_at` is
 * written at most once a minute per key.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: API_KEY_SCOPES }).notNull(),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters (`oh_live_ab12`), shown in the list. */
    keyPrefix: text("key_prefix").notNull(),
    /** Who made it, and whom its writes name; a key whose maker is gone (null) stops working. */
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz("last_used_at"),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_unique").on(t.keyHash),
    // Settings › API keys: the company's keys, newest first.
    index("api_keys_company_created_idx").on(t.companyId, t.createdAt.desc()),
    // Deleting a user sets created_by to null.
    index("api_keys_created_by_idx").on(t.createdBy),
    check("api_keys_scope_check", oneOf("scope", API_KEY_SCOPES)),
  ],
);

/**
 * The audit trail (decision 115): one row per thing done to a candidate's data (viewed, a CV
 * downloaded, exported, changed, erased, anonymised) and per security-relevant admin action (roles,
 * members, API keys, webhooks, privacy and retention settings). Append-only: a trigger refuses every
 * update, and every delete but the cascade of the company's own deletion. No candidate's name or
 * email is written here: `subject_id` names the row, read at display time, so erasing a candidate
 * leaves only the fact that something was done. `actor_id` is null for the candidate themselves or
 * the app (a retention run); `via` says how (an API key's prefix, "retention").
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    /** The member who acted; no foreign key, so the trail outlives a removed or deleted member. */
    actorId: text("actor_id"),
    action: text("action", { enum: AUDIT_ACTIONS }).notNull(),
    subjectType: text("subject_type", { enum: AUDIT_SUBJECT_TYPES }).notNull(),
    subjectId: text("subject_id").notNull(),
    /** Details without personal data: a role's from and to, an endpoint's address, a key's name… */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    /** How, when not through a page: "api" (with the key in data), "retention", "candidate". */
    via: text("via"),
    /** The client's address, when a request did it. */
    ip: text("ip"),
    createdAt: createdAt(),
    /** Insertion order, the tie-breaker of the trail's pages. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    // Settings › Audit: the company's newest first, in the pages' own order (`desc`, which puts nulls
    // first: an index of `desc nulls last` cannot give it, and a page sorted all 1,000,000 entries;
    // decision 146). Each filter walks an index of its own in that order, so a page reads its 51 rows
    // however few entries match: an action (or a group), the member who acted, the subject.
    index("audit_events_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_action_idx").on(t.companyId, t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("audit_events_actor_idx").on(t.companyId, t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // One subject's trail (a candidate's "View audit trail").
    index("audit_events_subject_idx").on(t.companyId, t.subjectId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    check("audit_events_action_check", oneOf("action", AUDIT_ACTIONS)),
    check("audit_events_subject_type_check", oneOf("subject_type", AUDIT_SUBJECT_TYPES)),
  ],
);
