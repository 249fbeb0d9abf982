/**
 * The terms a job's requirements ask for (decision 087): the words of its Requirements text that
 * name something a CV can show (a skill, a tool, a language, a field), in the order written, once
 * each, at most MAX_REQUIREMENT_TERMS. Everything else is dropped by two fixed lists: common English
 * words and the filler of job ads ("experience", "strong", "years"). Deterministic: the same text
 * always gives the same terms, and a recruiter can read them on the ranking page.
 */

export const MAX_REQUIREMENT_TERMS = 20;

const COMMON_WORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can could did do does
   doing down during each either etc few for from further had has have having he her here hers him his how i if in into is it its
   itself just me more most my no nor not now of off on once only or other our ours out over own same she should so some such than
   that the their theirs them then there these they this those through to too under until up very was we were what when where which
   while who whom why will with within without would you your yours eg e.g ie i.e via per like well`.split(/\s+/),
);

const AD_FILLER = new Set(
  `experience experienced years year yrs strong stronger knowledge ability able skills skill skilled working work works worked team
   teams plus good great excellent outstanding familiarity familiar understanding proficiency proficient solid deep hands hands-on
   including include includes using use used related relevant preferred preference required require requirements requirement must
   nice bonus minimum least ideally ideal someone candidate candidates role position job jobs level senior junior mid professional
   demonstrated proven track record background equivalent similar other others new things environment environments day days
   comfortable passion passionate love enjoy eager willing want wants need needs looking join help build building`.split(/\s+/),
);

/** A word as written: letters and digits, with + # . / - inside (C++, C#, Node.js, CI/CD, front-end). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}+#./-]*/gu;

export function requirementTerms(requirements: string | null | undefined): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const match of (requirements ?? "").matchAll(WORD)) {
    // A sentence's full stop or a trailing separator is not part of the word ("TypeScript." → "TypeScript").
    const word = match[0].replace(/[./-]+$/, "");
    const key = word.toLowerCase();
    if (seen.has(key) || COMMON_WORDS.has(key) || AD_FILLER.has(key)) continue;
    // Numbers ("5+", "2024") and single letters other than the languages C and R say nothing a CV shows.
    if (/^\d[\d+.]*$/.test(word) || (word.length < 2 && !/^[CR]$/.test(word))) continue;
    seen.add(key);
    terms.push(word);
    if (terms.length === MAX_REQUIREMENT_TERMS) break;
  }
  return terms;
}

/** A score out of 100: the share of the job's terms found, rounded. */
export function matchScore(matched: number, terms: number): number {
  return terms === 0 ? 0 : Math.round((matched / terms) * 100);
}
