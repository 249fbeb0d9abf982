import { describe, expect, it } from "vitest";
import { parseForm } from "./parse-form";
import { JobFormSchema, MESSAGES } from "./job";
import { isCurrencyCode, parseSalaryAmount, SALARY_MESSAGES, salaryAmountError } from "./salary";

describe("parseSalaryAmount", () => {
  it("reads plain, grouped and abbreviated amounts", () => {
    expect(parseSalaryAmount("60000")).toBe(60000);
    expect(parseSalaryAmount(" 60,000 ")).toBe(60000);
    expect(parseSalaryAmount("60 000")).toBe(60000);
    expect(parseSalaryAmount("60\u202f000")).toBe(60000);
    expect(parseSalaryAmount("1'250'000")).toBe(1250000);
    expect(parseSalaryAmount("60k")).toBe(60000);
    expect(parseSalaryAmount("60K")).toBe(60000);
    expect(parseSalaryAmount("1.5k")).toBe(1500);
    expect(parseSalaryAmount("27.50")).toBe(27.5);
    expect(parseSalaryAmount("120,000.25")).toBe(120000.25);
  });

  it("refuses what it would have to guess", () => {
    for (const text of ["60.000", "60,00", "6,0000", "60,000 000", "$60,000", "60-70k", "about 60", "60 EUR", "1e5", "-5", "", "k"]) {
      expect(parseSalaryAmount(text), text).toBeNaN();
    }
  });

  it("refuses 0 and amounts of a billion or more", () => {
    expect(parseSalaryAmount("0")).toBeNaN();
    expect(parseSalaryAmount("1,000,000,000")).toBeNaN();
    expect(salaryAmountError("0")).toBe(SALARY_MESSAGES.amountRange);
    expect(salaryAmountError("999,999,999")).toBeNull();
    expect(salaryAmountError("60.000")).toBe(SALARY_MESSAGES.amount);
  });
});

describe("isCurrencyCode", () => {
  it("accepts current ISO 4217 codes only", () => {
    expect(isCurrencyCode("EUR")).toBe(true);
    expect(isCurrencyCode("USD")).toBe(true);
    expect(isCurrencyCode("JPY")).toBe(true);
    expect(isCurrencyCode("EU")).toBe(false);
    expect(isCurrencyCode("EUROS")).toBe(false);
    expect(isCurrencyCode("ABC")).toBe(false);
    expect(isCurrencyCode("eur")).toBe(false);
  });
});

describe("the job schema's salary", () => {
  const base = { title: "Engineer", description: "Build things", "stages.0.name": "Applied" };

  it('refuses "60k - 40,000 EU": minimum above maximum and an invalid currency', () => {
    expect(parseForm(JobFormSchema, { ...base, salary_min: "60k", salary_max: "40,000", salary_currency: "EU" })).toEqual({
      success: false,
      errors: { salary_min: MESSAGES.salaryRange, salary_currency: SALARY_MESSAGES.currency },
    });
    expect(parseForm(JobFormSchema, { ...base, salary_min: "60k", salary_max: "60,000", salary_currency: "EUR" }).success).toBe(true);
  });

  it("stores the numbers it read and the currency in upper case", () => {
    const parsed = parseForm(JobFormSchema, { ...base, salary_min: "60k", salary_max: "80 000", salary_currency: "eur" });
    expect(parsed).toMatchObject({ success: true, data: { salary_min: "60000", salary_max: "80000", salary_currency: "EUR" } });
  });

  it("explains a salary it cannot read", () => {
    expect(parseForm(JobFormSchema, { ...base, salary_min: "competitive", salary_max: "60.000" })).toEqual({
      success: false,
      errors: { salary_min: SALARY_MESSAGES.amount, salary_max: SALARY_MESSAGES.amount },
    });
  });

  it("leaves a salary out altogether", () => {
    expect(parseForm(JobFormSchema, { ...base, salary_min: " ", salary_max: "", salary_currency: "" })).toMatchObject({
      success: true,
      data: { salary_min: undefined, salary_max: undefined, salary_currency: undefined },
    });
  });
});
