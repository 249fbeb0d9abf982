import { companies } from "../../../db/schema";
import { askedEeoQuestions, EEO_QUESTION_KEYS, type EeoQuestionKey, type EeoSurveySettingsInput } from "~/schemas/eeo";
import { recordAudit } from "../audit/audit.server";
import { invalidateJobBoardCache } from "../job-board/cache.server";
import type { Database, Queryable } from "../platform/db.server";
import { DomainError } from "../platform/errors.server";
import { type Actor, ownCompany } from "../platform/tenancy.server";
import { requireCompanyAdmin } from "../team/team.server";

/**
 * The equal-opportunity survey's settings (issue 17, decision 118), in Settings › Privacy: whether the
 * apply form asks it, and which of the fixed questions. The questions chosen are kept while it is off.
 */

const known = (questions: readonly string[]) => EEO_QUESTION_KEYS.filter((key) => questions.includes(key));

/** What Settings › Privacy shows: on or off, and the questions chosen (every one before any was). */
export async function getEeoSurveySettings(db: Queryable, actor: Actor): Promise<{ enabled: boolean; questions: EeoQuestionKey[]; asked: EeoQuestionKey[] }> {
  const [row] = await db
    .select({ enabled: companies.eeoSurveyEnabled, questions: companies.eeoSurveyQuestions })
    .from(companies)
    .where(ownCompany(actor));
  if (!row) throw new DomainError("NOT_FOUND", "Company not found");
  const questions = known(row.questions);
  return { enabled: row.enabled, questions: questions.length > 0 ? questions : [...EEO_QUESTION_KEYS], asked: askedEeoQuestions(row.enabled, row.questions) };
}

/**
 * Saves the survey's settings; admins only. A change is recorded in the audit trail in the same
 * transaction (on or off and the questions, before and after); saving the same again records nothing.
 */
export async function updateEeoSurveySettings(db: Database, actor: Actor, input: EeoSurveySettingsInput): Promise<void> {
  await requireCompanyAdmin(db, actor, "Only an admin of the company can change the equal-opportunity survey.");
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ enabled: companies.eeoSurveyEnabled, questions: companies.eeoSurveyQuestions })
      .from(companies)
      .where(ownCompany(actor))
      .for("update");
    if (!before) throw new DomainError("NOT_FOUND", "Company not found");
    // Turned off with nothing ticked: keep the questions chosen before.
    const questions = input.questions.length > 0 ? input.questions : known(before.questions);
    if (before.enabled === input.enabled && known(before.questions).join() === questions.join()) return false;
    await tx.update(companies).set({ eeoSurveyEnabled: input.enabled, eeoSurveyQuestions: questions }).where(ownCompany(actor));
    await recordAudit(tx, {
      companyId: actor.companyId,
      actorId: actor.userId,
      action: "eeo_survey.changed",
      subjectType: "company",
      subjectId: actor.companyId,
      data: { enabledBefore: before.enabled, enabled: input.enabled, questionsBefore: known(before.questions), questions },
    });
    return true;
  });
  // The apply form and the board API read the survey through the board's cache.
  if (changed) invalidateJobBoardCache();
}
