/**
 * Salary amounts and currencies, read the same way by the job form, the action, the job board
 * and the Google for Jobs data. An amount is digits, optionally grouped by thousands with one
 * separator ("60,000", "60 000", "60'000"), optionally with up to two decimals ("27.50"), or a
 * number of thousands ("60k", "1.5k"). Anything else ("60.000", "60-70k", "$60,000", "about 60")
 * is refused rather than guessed.
 */

export const SALARY_MESSAGES = {
  amount: "Enter the salary as a number, e.g. 60000, 60,000 or 60k",
  amountRange: "Enter a salary above 0 and below 1,000,000,000",
  currency: "Enter a three-letter ISO 4217 currency code, e.g. USD or EUR",
} as const;

/** The largest amount a job may state. */
export const SALARY_MAX_AMOUNT = 1_000_000_000;

// Thousands separators: comma, space, no-break spaces (as French and Swiss formats write them), apostrophes, underscore.
const GROUPED = /^\d{1,3}([, \u00a0\u202f'’_])\d{3}(?:\1\d{3})*(?:\.\d{1,2})?$/;
const PLAIN = /^\d+(?:\.\d{1,2})?$/;
const THOUSANDS = /^(\d+(?:\.\d{1,3})?)\s?k$/i;

/** The number a salary text states, before the range check; NaN when it cannot be read without guessing. */
function readAmount(text: string): number {
  const value = text.trim();
  const thousands = THOUSANDS.exec(value);
  if (thousands) return Math.round(Number(thousands[1]) * 1000 * 100) / 100;
  if (PLAIN.test(value)) return Number(value);
  if (GROUPED.test(value)) return Number(value.replace(/[^\d.]/g, ""));
  return NaN;
}

const inRange = (amount: number) => amount > 0 && amount < SALARY_MAX_AMOUNT;

/**
 * The amount a salary text states ("60k" → 60000, "60 000" → 60000), or NaN when it is not a
 * number we can read without guessing, or is 0 or less, or a billion or more.
 */
export function parseSalaryAmount(text: string): number {
  const amount = readAmount(text);
  return inRange(amount) ? amount : NaN;
}

/** Why a salary text is refused, or null when it reads as an amount. */
export function salaryAmountError(text: string): string | null {
  const amount = readAmount(text);
  if (Number.isNaN(amount)) return SALARY_MESSAGES.amount;
  return inRange(amount) ? null : SALARY_MESSAGES.amountRange;
}

// Current ISO 4217 codes as the runtime knows them (Node 20 and every current browser); a
// runtime without the list accepts any three letters, and the server, which has it, decides.
const CURRENCIES: ReadonlySet<string> | null = (() => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: "currency") => string[] };
  try {
    return typeof intl.supportedValuesOf === "function" ? new Set(intl.supportedValuesOf("currency")) : null;
  } catch {
    return null;
  }
})();

/** Whether `code` (upper case) is a current ISO 4217 currency code. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  return CURRENCIES ? CURRENCIES.has(code) : true;
}

/**
 * The currencies the job form suggests (a datalist: the field stays free text, spec section 8),
 * fixed here so that the server's page and the browser's agree; any current code is accepted.
 */
export const SUGGESTED_CURRENCIES = [
  "USD", "EUR", "GBP", "CAD", "AUD", "NZD", "CHF", "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "RON", "BGN",
  "JPY", "CNY", "HKD", "SGD", "INR", "KRW", "TWD", "IDR", "MYR", "PHP", "THB", "VND", "AED", "SAR", "ILS",
  "TRY", "ZAR", "NGN", "KES", "EGP", "BRL", "MXN", "ARS", "CLP", "COP", "PEN", "UAH",
] as const;
