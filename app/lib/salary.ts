import { parseSalaryAmount } from "~/schemas/salary";

/** Pages render money with one locale so that server and browser (and the page cache) agree. */
export const MONEY_LOCALE = "en-US";

export interface SalaryParts {
  salaryMin: string | null;
  salaryMax: string | null;
  salaryCurrency: string | null;
  salaryPeriod: string | null;
}

function formatAmount(text: string, currency: string | null, locale: string): string {
  const amount = parseSalaryAmount(text);
  if (Number.isNaN(amount)) return text;
  const whole = Number.isInteger(amount);
  if (currency) {
    try {
      return new Intl.NumberFormat(locale, {
        style: "currency",
        currency,
        maximumFractionDigits: whole ? 0 : 2,
        minimumFractionDigits: whole ? 0 : 2,
      }).format(amount);
    } catch {
      // Not an ISO 4217 code: show the number and the text as given.
      return `${new Intl.NumberFormat(locale).format(amount)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(locale).format(amount);
}

/**
 * Spec section 2: the salary range only when both bounds exist, formatted with the currency,
 * as "min - max period" (e.g. "$70,000 - $90,000 yearly"); otherwise null.
 */
export function formatSalary(job: SalaryParts, locale = MONEY_LOCALE): string | null {
  const min = job.salaryMin?.trim();
  const max = job.salaryMax?.trim();
  if (!min || !max) return null;
  const currency = job.salaryCurrency?.trim() || null;
  const range = `${formatAmount(min, currency, locale)} - ${formatAmount(max, currency, locale)}`;
  return job.salaryPeriod ? `${range} ${job.salaryPeriod}` : range;
}
