import { describe, expect, it } from "vitest";
import { amountFormatter, formatSalary, isSalaryQuestion } from "./salary";

const salary = (salaryMin: string | null, salaryMax: string | null, salaryCurrency: string | null = "USD", salaryPeriod: string | null = "yearly") => ({
  salaryMin,
  salaryMax,
  salaryCurrency,
  salaryPeriod,
});

describe("formatSalary", () => {
  it("formats both bounds with the currency and the period", () => {
    expect(formatSalary(salary("70000", "90,000"))).toBe("$70,000 - $90,000 yearly");
    expect(formatSalary(salary("60", "85.5", "EUR", "hourly"))).toBe("€60 - €85.50 hourly");
    expect(formatSalary(salary("1000", "2000", "usd", null))).toBe("$1,000 - $2,000");
  });

  it("shows nothing unless both bounds exist", () => {
    expect(formatSalary(salary("70000", null))).toBeNull();
    expect(formatSalary(salary(null, "90000"))).toBeNull();
    expect(formatSalary(salary(" ", "90000"))).toBeNull();
  });

  it("leaves out a salary that does not read: free text, an unknown currency, bounds out of order", () => {
    expect(formatSalary(salary("1000", "2000", "Bitcoin"))).toBeNull();
    expect(formatSalary(salary("competitive", "great", "USD"))).toBeNull();
    expect(formatSalary(salary("60k", "40,000", "EU"))).toBeNull();
    expect(formatSalary(salary("60k", "40,000", "EUR"))).toBeNull();
    expect(formatSalary(salary("40,000", "60k", "EUR"))).toBe("€40,000 - €60,000 yearly");
    expect(formatSalary(salary("5000", "6000", null, "monthly"))).toBe("5,000 - 6,000 monthly");
  });
});

describe("amountFormatter", () => {
  it("builds a formatter once per locale, currency and precision and reuses it", () => {
    const first = amountFormatter("en-US", "EUR", true);
    expect(first).not.toBeNull();
    expect(amountFormatter("en-US", "EUR", true)).toBe(first);
    expect(amountFormatter("en-US", "EUR", false)).not.toBe(first);
    expect(amountFormatter("en-US", "USD", true)).not.toBe(first);
    expect(amountFormatter("en-US", "Bitcoin", true)).toBeNull();
  });

  it("formats a board's salaries without building a formatter per amount", () => {
    const NumberFormat = Intl.NumberFormat;
    let built = 0;
    const counting = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built += 1;
      return new NumberFormat(...args);
    } as unknown as typeof Intl.NumberFormat;
    Intl.NumberFormat = counting;
    try {
      for (let i = 0; i < 20; i += 1) formatSalary(salary(String(70000 + i), "90000", "CHF"));
    } finally {
      Intl.NumberFormat = NumberFormat;
    }
    expect(built).toBeLessThanOrEqual(1);
  });
});

describe("isSalaryQuestion", () => {
  it("finds questions about pay and leaves the others", () => {
    for (const label of ["Expected salary", "Current compensation (EUR)", "What pay do you expect?", "Desired rate", "Hourly rate"]) {
      expect(isSalaryQuestion(label), label).toBe(true);
    }
    for (const label of ["Portfolio URL", "Years of experience", "Paying attention to detail?", "Separate"]) {
      expect(isSalaryQuestion(label), label).toBe(false);
    }
  });
});
