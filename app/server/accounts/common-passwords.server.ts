import { readFileSync } from "node:fs";
import path from "node:path";

let list: Set<string> | undefined;

function load(): Set<string> {
  const file = path.resolve(process.cwd(), "app/server/accounts/common-passwords.txt");
  const lines = readFileSync(file, "utf8").split("\n");
  return new Set(lines.map((line) => line.trim().toLowerCase()).filter((line) => line && !line.startsWith("#")));
}

/** True when the password is on the shipped list of commonly used passwords. */
export function isCommonPassword(password: string): boolean {
  list ??= load();
  return list.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose another.";
