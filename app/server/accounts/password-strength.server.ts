import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { DomainError } from "../platform/errors.server";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.server";

/**
 * The server's password rules, on top of the shared schema's length rule (8–128): not on the list of
 * common passwords, and hard enough to guess by zxcvbn's estimate (score ≥ 3 of 4, about 10^8 guesses),
 * with the account's own email, name and company name counted as easy guesses. zxcvbn and its
 * dictionaries (a few MB) load on first use, on the server only: the browser bundle never gets them.
 */
export const MIN_PASSWORD_SCORE = 3;

export const TOO_EASY_MESSAGE = "This password is too easy to guess.";
export const PERSONAL_PASSWORD_MESSAGE = "Don't use your email address, name or company name as your password.";

/** What the password must not be built on: the account's own details. */
export interface PasswordOwner {
  email?: string | null;
  fullName?: string | null;
  companyName?: string | null;
}

let factory: Promise<ZxcvbnFactory> | undefined;

function loadZxcvbn(): Promise<ZxcvbnFactory> {
  factory ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
      }),
  );
  return factory;
}

const compact = (value: string) => value.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The strings zxcvbn treats as known to an attacker: each detail whole, compacted, and word by word. */
export function personalInputs(owner: PasswordOwner): string[] {
  const inputs = new Set<string>(["openhire"]);
  const add = (value: string | null | undefined) => {
    if (!value?.trim()) return;
    const lower = value.trim().toLowerCase();
    inputs.add(lower);
    inputs.add(compact(lower));
    for (const word of lower.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) inputs.add(word);
  };
  add(owner.email);
  add(owner.email?.split("@")[0]);
  add(owner.fullName);
  add(owner.companyName);
  inputs.delete("");
  return [...inputs];
}

/** Why `password` may not be used, or null when it may. */
export async function passwordWeakness(password: string, owner: PasswordOwner): Promise<string | null> {
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  const bare = compact(password);
  const details = [owner.email, owner.email?.split("@")[0], owner.fullName, owner.companyName].filter((d): d is string => Boolean(d?.trim()));
  if (details.some((detail) => compact(detail) !== "" && compact(detail) === bare)) return PERSONAL_PASSWORD_MESSAGE;
  const zxcvbn = await loadZxcvbn();
  const result = zxcvbn.check(password, personalInputs(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const personal = result.sequence.some((match) => match.pattern === "dictionary" && match.dictionaryName === "userInputs");
  const hint = personal ? PERSONAL_PASSWORD_MESSAGE : result.feedback.warning;
  const suggestion = result.feedback.suggestions[0];
  return [TOO_EASY_MESSAGE, hint, suggestion].filter(Boolean).join(" ");
}

/** Refuses a new password that breaks the rules above, with the message on the password field. */
export async function assertStrongPassword(password: string, owner: PasswordOwner, field = "password"): Promise<void> {
  const weakness = await passwordWeakness(password, owner);
  if (weakness) throw new DomainError("INVALID", weakness, { field });
}
