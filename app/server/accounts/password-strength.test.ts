import { describe, expect, it } from "vitest";
import { PERSONAL_PASSWORD_MESSAGE, passwordWeakness, TOO_EASY_MESSAGE } from "./password-strength.server";

const owner = { email: "ada.lovelace@example.test", fullName: "Ada Lovelace", companyName: "Analytical Engines" };

describe("passwordWeakness", () => {
  it("refuses passwords the outside test got through", async () => {
    for (const password of ["bbbbbbbb", "        ", "qwertzuiop", "aaaaaaaaaaaaaaaa", "asdfghjkl;"]) {
      expect(await passwordWeakness(password, owner), password).toMatch(new RegExp(`^${TOO_EASY_MESSAGE.replace(".", "\\.")}`));
    }
  });

  it("explains with zxcvbn's warning and a suggestion", async () => {
    expect(await passwordWeakness("bbbbbbbb", owner)).toBe(
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common.',
    );
  });

  it("refuses the email, name or company name as the password or as its main part", async () => {
    for (const password of ["ada.lovelace@example.test", "ADA.LOVELACE@EXAMPLE.TEST", "Ada Lovelace", "analytical engines", "AnalyticalEngines"]) {
      expect(await passwordWeakness(password, owner), password).toBe(PERSONAL_PASSWORD_MESSAGE);
    }
    for (const password of ["adalovelace1!", "ada.lovelace@example.test2", "AnalyticalEngines2024"]) {
      expect(await passwordWeakness(password, owner), password).toContain(PERSONAL_PASSWORD_MESSAGE);
    }
  });

  it("keeps the list of common passwords and its message", async () => {
    expect(await passwordWeakness("password123", owner)).toBe("This password is too common. Please choose another.");
  });

  it("accepts long passphrases and random strings", async () => {
    for (const password of ["correct horse battery staple", "a brand new passphrase", "violet-harbour-kettle-42", "demo-3fa9c0d12b7e"]) {
      expect(await passwordWeakness(password, owner), password).toBeNull();
    }
  });
});
