import { isCleanMultiLineText, isSingleLineText, TEXT_MESSAGES } from "./text";
import { z } from "./zod";
import { queryCursor, queryPage, querySearch, queryValue } from "./query";
import { type FormFieldDraft, FIELD_TYPES_WITH_OPTIONS, FORM_FIELD_TYPES, FormFieldSchema, fieldsFromDrafts, type FormFieldType } from "./form-field";
import { isCurrencyCode, parseSalaryAmount, SALARY_MESSAGES, salaryAmountError } from "./salary";
import { CV_FIELD_SETTINGS } from "./cv";
import { COUNTRY_MESSAGES, MAX_COUNTRIES, parseCountries } from "./countries";

export const JOB_TYPES = ["full-time", "part-time", "contract", "internship"] as const;
export const JOB_STATUSES = ["published", "draft", "closed"] as const;
export const SALARY_PERIODS = ["yearly", "monthly", "weekly", "hourly"] as const;
export const REMOTE_TYPES = ["office", "hybrid", "remote"] as const;

export type JobType = (typeof JOB_TYPES)[number];
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Spec section 9: the stages every new job starts with, in order. */
export const DEFAULT_PIPELINE_STAGES = [
  { name: "Applied", description: "Initial application received" },
  { name: "Screening", description: "Resume screening in progress" },
  { name: "First Interview", description: "Initial interview with hiring manager" },
  { name: "Technical Assessment", description: "Technical skills evaluation" },
  { name: "Final Interview", description: "Final round interview" },
  { name: "Offer", description: "Job offer extended" },
  { name: "Hired", description: "Candidate accepted offer" },
  { name: "Rejected", description: "Application rejected" },
] as const;

/** The stage every new application starts in. */
export const APPLIED_STAGE_NAME = "Applied";

export const MESSAGES = {
  titleRequired: "Job title is required",
  descriptionRequired: "Job description is required",
  salaryRange: "Minimum salary cannot be greater than maximum salary.",
  optionsRequired: "Enter at least one option, separated by commas.",
  appliedStageRequired: `The pipeline needs a stage named ${APPLIED_STAGE_NAME}: every application starts there.`,
  stageNamesUnique: "Each stage needs a name of its own.",
  openings: "Openings must be a whole number from 1 to 1,000.",
  closesOn: "Enter the closing date as a day, e.g. 2027-03-31",
  closesOnPast: "The closing date has passed. Choose today or a later day.",
} as const;

/**
 * The earliest closing date a save accepts: yesterday in UTC, which is today or earlier in every
 * time zone, so a browser and the server agree (decision 107).
 */
export function earliestClosingDate(now = new Date()): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Whether a YYYY-MM-DD text is a day of the calendar. */
function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** Longest single-line value (title, location, stage name, salary text) and longest multi-line text. */
const MAX_LINE = 200;
const MAX_TEXT = 50_000;

const optionalText = z
  .string()
  .trim()
  .max(MAX_LINE, `Please keep this under ${MAX_LINE} characters`)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalMultiLineText = z
  .string()
  .trim()
  .max(MAX_TEXT, `Please keep this under ${MAX_TEXT.toLocaleString("en-US")} characters`)
  .refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters)
  .optional()
  .transform((value) => (value ? value : undefined));

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), z.enum(values).optional());

export const PipelineStageInputSchema = z.object({
  /** The stage's id when editing a job; new stages have none. */
  id: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()),
  name: z.string().trim().min(1).max(MAX_LINE, `Please keep this under ${MAX_LINE} characters`).refine(isSingleLineText, TEXT_MESSAGES.singleLine),
  description: optionalText,
  /** Decision 095: the template each candidate entering the stage is sent, and how many hours later. */
  entry_template_id: z.preprocess((value) => (value === "" ? undefined : value), z.uuid().optional()),
  entry_delay_hours: z.preprocess(
    (value) => (value === "" || value === undefined ? 0 : Number(value)),
    z.number().int().refine((hours) => (ENTRY_DELAY_HOURS as readonly number[]).includes(hours), "Please choose when the email leaves"),
  ),
});

/** When a stage's automatic email leaves after a candidate enters it, in hours (decision 095). */
export const ENTRY_DELAY_HOURS = [0, 1, 4, 24, 48, 168] as const;

/** An optional salary bound: stored as the plain number it states ("60k" and "60,000" → "60000"). */
const optionalSalaryAmount = optionalText
  .superRefine((value, ctx) => {
    const error = value === undefined ? null : salaryAmountError(value);
    if (error) ctx.addIssue({ code: "custom", message: error });
  })
  .transform((value) => (value === undefined ? undefined : String(parseSalaryAmount(value))));

/** Where a remote job's candidates may work from: names or codes, comma-separated, stored as codes. */
const optionalCountries = z
  .string()
  .trim()
  .max(MAX_COUNTRIES * 40, COUNTRY_MESSAGES.tooMany)
  .refine(isSingleLineText, TEXT_MESSAGES.singleLine)
  .optional()
  .transform((value, ctx) => {
    if (!value) return undefined;
    const parsed = parseCountries(value);
    if ("unknown" in parsed) {
      ctx.addIssue({ code: "custom", message: COUNTRY_MESSAGES.unknown(parsed.unknown) });
      return z.NEVER;
    }
    if (parsed.codes.length > MAX_COUNTRIES) {
      ctx.addIssue({ code: "custom", message: COUNTRY_MESSAGES.tooMany });
      return z.NEVER;
    }
    return parsed.codes.length ? parsed.codes : undefined;
  });

/** The last day applications are taken: a calendar day, not already past. */
const optionalClosingDate = optionalText
  .refine((value) => value === undefined || isCalendarDay(value), MESSAGES.closesOn)
  .refine((value) => value === undefined || !isCalendarDay(value) || value >= earliestClosingDate(), MESSAGES.closesOnPast);

/** An optional ISO 4217 currency code, stored in upper case. */
const optionalCurrency = optionalText
  .transform((value) => value?.toUpperCase())
  .refine((value) => value === undefined || isCurrencyCode(value), SALARY_MESSAGES.currency);

const FormFieldInputSchema = FormFieldSchema.superRefine((field, ctx) => {
  if (FIELD_TYPES_WITH_OPTIONS.includes(field.type) && (field.options ?? []).length === 0) {
    ctx.addIssue({ code: "custom", message: MESSAGES.optionsRequired, path: ["options"] });
  }
});

/**
 * A job as the post and edit forms send it, and as services take it. Blank stage names are
 * dropped; custom fields are renumbered from 1.
 */
export const CreateJobSchema = z
  .object({
    title: z
      .string({ error: MESSAGES.titleRequired })
      .trim()
      .min(1, MESSAGES.titleRequired)
      .max(MAX_LINE, `Please keep the title under ${MAX_LINE} characters`)
      .refine(isSingleLineText, TEXT_MESSAGES.singleLine),
    description: z
      .string({ error: MESSAGES.descriptionRequired })
      .trim()
      .min(1, MESSAGES.descriptionRequired)
      .max(MAX_TEXT, `Please keep the description under ${MAX_TEXT.toLocaleString("en-US")} characters`)
      .refine(isCleanMultiLineText, TEXT_MESSAGES.controlCharacters),
    requirements: optionalMultiLineText,
    location: optionalText,
    type: z.preprocess((value) => (value === "" ? undefined : value), z.enum(JOB_TYPES).default("full-time")),
    salary_min: optionalSalaryAmount,
    salary_max: optionalSalaryAmount,
    salary_currency: optionalCurrency,
    salary_period: optionalEnum(SALARY_PERIODS),
    remote_type: optionalEnum(REMOTE_TYPES),
    remote_countries: optionalCountries,
    department: optionalText,
    /** Decision 108: featured jobs lead the board and the careers page. An unchecked box sends nothing. */
    featured: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).default(false),
    closes_on: optionalClosingDate,
    /** Whether the apply form asks for a CV (decision 083); optional unless said. */
    cv_field: z.preprocess((value) => (value === "" ? undefined : value), z.enum(CV_FIELD_SETTINGS).default("optional")),
    /** How many people the job hires (decision 094); 1 unless said. */
    openings: z.preprocess(
      (value) => (value === "" || value === undefined ? 1 : typeof value === "string" && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
      z.number({ error: MESSAGES.openings }).int(MESSAGES.openings).min(1, MESSAGES.openings).max(1000, MESSAGES.openings),
    ).optional(),
    form_schema: z
      .array(FormFieldInputSchema)
      .default([])
      .transform((fields) => fields.map((field, index) => ({ ...field, order: index + 1 }))),
    stages: z
      .array(z.unknown())
      .default([...DEFAULT_PIPELINE_STAGES])
      // "A pipeline stage is added only if its name is non-blank after trimming."
      .transform((stages) =>
        stages.filter((stage) => !(stage && typeof stage === "object" && String((stage as { name?: unknown }).name ?? "").trim() === "")),
      )
      .pipe(z.array(PipelineStageInputSchema)),
    /** Editing only: removed stage id → id of the stage its candidates move to. */
    stage_moves: z.record(z.string(), z.string()).default({}),
  })
  .refine(
    // Both bounds read as numbers (an unreadable one has its own message) and in order.
    (job) => !(Number(job.salary_min) > Number(job.salary_max)),
    { message: MESSAGES.salaryRange, path: ["salary_min"] },
  )
  .refine((job) => job.stages.some((stage) => stage.name === APPLIED_STAGE_NAME), {
    message: MESSAGES.appliedStageRequired,
    path: ["stages"],
  })
  // The database holds one stage of each name per job (decision 052).
  .refine((job) => new Set(job.stages.map((stage) => stage.name)).size === job.stages.length, {
    message: MESSAGES.stageNamesUnique,
    path: ["stages"],
  });

export type CreateJobInput = z.input<typeof CreateJobSchema>;
export type CreateJobData = z.output<typeof CreateJobSchema>;

// ---------------------------------------------------------------------------
// The post/edit form: flat form values ⇄ the builder's state
// ---------------------------------------------------------------------------

/** A pipeline stage as the stage builder edits it. `key` is stable across edits; `id` is set for saved stages. */
export interface StageDraft {
  key: string;
  id: string;
  name: string;
  description: string;
  /** The stage's automation (decision 095): a template id ("" for none) and its delay in hours. */
  entry_template_id: string;
  entry_delay_hours: string;
}

/** Everything the job form holds, as strings: what the browser typed, kept on any failure. */
export interface JobFormState {
  title: string;
  description: string;
  requirements: string;
  location: string;
  type: string;
  salary_min: string;
  salary_max: string;
  salary_currency: string;
  salary_period: string;
  remote_type: string;
  remote_countries: string;
  closes_on: string;
  department: string;
  featured: boolean;
  cv_field: string;
  openings: string;
  fields: FormFieldDraft[];
  stages: StageDraft[];
  stage_moves: Record<string, string>;
}

export function newJobFormState(): JobFormState {
  return {
    title: "",
    description: "",
    requirements: "",
    location: "",
    type: "full-time",
    salary_min: "",
    salary_max: "",
    salary_currency: "",
    salary_period: "",
    remote_type: "",
    remote_countries: "",
    closes_on: "",
    department: "",
    featured: false,
    cv_field: "optional",
    openings: "1",
    fields: [],
    stages: DEFAULT_PIPELINE_STAGES.map((stage, index) => ({ key: `default-${index}`, id: "", ...stage, entry_template_id: "", entry_delay_hours: "0" })),
    stage_moves: {},
  };
}

const ROW_NAME = /^(fields|stages)\.(\d+)\.(\w+)$/;
const MOVE_NAME = /^stage_moves\.(.+)$/;

/**
 * The form's flat values (`fields.0.label`, `stages.2.name`, `stage_moves.<id>`) as the builder's
 * state, rows in the order of their index.
 */
export function jobFormStateFromValues(values: Record<string, string>): JobFormState {
  const fieldRows = new Map<number, Record<string, string>>();
  const stageRows = new Map<number, Record<string, string>>();
  const stage_moves: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const row = ROW_NAME.exec(name);
    if (row) {
      const rows = row[1] === "fields" ? fieldRows : stageRows;
      const index = Number(row[2]);
      if (index > 500) continue;
      const entry = rows.get(index) ?? {};
      entry[row[3]!] = value;
      rows.set(index, entry);
      continue;
    }
    const move = MOVE_NAME.exec(name);
    if (move && value) stage_moves[move[1]!] = value;
  }
  const byIndex = (rows: Map<number, Record<string, string>>) => [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, row]) => row);
  const text = (name: string) => values[name] ?? "";
  return {
    title: text("title"),
    description: text("description"),
    requirements: text("requirements"),
    location: text("location"),
    type: text("type") || "full-time",
    salary_min: text("salary_min"),
    salary_max: text("salary_max"),
    salary_currency: text("salary_currency"),
    salary_period: text("salary_period"),
    remote_type: text("remote_type"),
    remote_countries: text("remote_countries"),
    closes_on: text("closes_on"),
    department: text("department"),
    featured: values.featured === "on" || values.featured === "true",
    cv_field: text("cv_field") || "optional",
    openings: text("openings") || "1",
    fields: byIndex(fieldRows).map((row, index) => ({
      id: row.id || `field-${index}`,
      type: (FORM_FIELD_TYPES as readonly string[]).includes(row.type ?? "") ? (row.type as FormFieldType) : "text",
      label: row.label ?? "",
      required: row.required === "on" || row.required === "true",
      placeholder: row.placeholder ?? "",
      options: row.options ?? "",
    })),
    stages: byIndex(stageRows).map((row, index) => ({
      key: row.key || row.id || `stage-${index}`,
      id: row.id ?? "",
      name: row.name ?? "",
      description: row.description ?? "",
      entry_template_id: row.entry_template_id ?? "",
      entry_delay_hours: row.entry_delay_hours ?? "0",
    })),
    stage_moves,
  };
}

/** The builder's state as the input CreateJobSchema parses. */
export function jobInputFromState(state: JobFormState): Record<string, unknown> {
  return {
    title: state.title,
    description: state.description,
    requirements: state.requirements,
    location: state.location,
    type: state.type,
    salary_min: state.salary_min,
    salary_max: state.salary_max,
    salary_currency: state.salary_currency,
    salary_period: state.salary_period,
    remote_type: state.remote_type,
    remote_countries: state.remote_countries,
    closes_on: state.closes_on,
    department: state.department,
    featured: state.featured,
    cv_field: state.cv_field,
    openings: state.openings,
    form_schema: fieldsFromDrafts(state.fields),
    stages: state.stages.map((stage) => ({
      id: stage.id,
      name: stage.name,
      description: stage.description,
      entry_template_id: stage.entry_template_id,
      entry_delay_hours: stage.entry_delay_hours,
    })),
    stage_moves: state.stage_moves,
  };
}

/**
 * The job form's schema over flat form values: what the browser checks before posting and the
 * action checks again. Errors of custom fields are keyed `form_schema.<n>.<prop>`, where n counts
 * labelled fields only (see `fieldErrorIndex`).
 */
export const JobFormSchema = z.preprocess(
  (values) => jobInputFromState(jobFormStateFromValues((values ?? {}) as Record<string, string>)),
  CreateJobSchema,
);

/** For each draft, its index among labelled fields (the index errors use), or -1. */
export function fieldErrorIndexes(fields: readonly FormFieldDraft[]): number[] {
  let n = 0;
  return fields.map((field) => (field.label.trim() === "" ? -1 : n++));
}

/** Staff status changes: the three statuses, each from a button of its own. */
export const JobStatusSchema = z.object({ status: z.enum(JOB_STATUSES) });

/**
 * The job form's submit buttons (house style 6): Create Job publishes, Save as draft keeps a new job
 * off the board, Save Changes saves an edit. A post without one (or with an unknown one) is a save:
 * a new job is then published, as the spec creates it.
 */
export const JOB_FORM_INTENTS = ["publish", "draft", "save"] as const;
export type JobFormIntent = (typeof JOB_FORM_INTENTS)[number];

export function jobFormIntent(value: string | undefined): JobFormIntent {
  return (JOB_FORM_INTENTS as readonly (string | undefined)[]).includes(value) ? (value as JobFormIntent) : "save";
}

/** The query of the staff jobs list: /manage/jobs?status=&q= (no status, or an unknown one, is every status). */
export const JobsQuerySchema = z.object({
  status: queryValue(z.enum(JOB_STATUSES).optional(), undefined),
  q: querySearch(),
  /** Keyset pages (decision 060): after or before a job's cursor. */
  after: queryCursor(),
  before: queryCursor(),
});

/** The query of a job's ranking by match (decision 087): ?page=N. */
export const JobMatchQuerySchema = z.object({ page: queryPage() });
