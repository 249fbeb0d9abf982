/**
 * A reply's own words without the history its mail client quoted below them (decision 097): the
 * thread's collapsed preview shows this, the full text stays one click away. Cut at the first line
 * that starts the quote: "On <date>, <someone> wrote:" (that line may wrap onto a second one, as
 * Gmail wraps it), Outlook's "-----Original Message-----" or its "From: …" header block after a rule,
 * or a line starting with ">". Lines starting with ">" further down (a reply written between quoted
 * lines) are dropped too. Trailing blank lines go.
 */
export function stripQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (isQuoteHeader(trimmed) || isQuoteHeader(`${trimmed} ${(lines[i + 1] ?? "").trim()}`)) break;
    if (/^-{2,}\s*Original Message\s*-{2,}$/i.test(trimmed)) break;
    if (/^_{10,}$/.test(trimmed) && /^From:/i.test((lines[i + 1] ?? "").trim())) break;
    if (trimmed.startsWith(">")) continue;
    kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1]!.trim() === "") kept.pop();
  return kept.join("\n");
}

/** "On Tue, 3 Mar 2026 at 10:00, Ada <ada@example.com> wrote:" and its short forms. */
function isQuoteHeader(line: string): boolean {
  return /^On\s.{1,300}\swrote:$/i.test(line);
}
