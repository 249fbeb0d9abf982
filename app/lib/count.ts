/**
 * A count as the pages show it: digits grouped in thousands ("895,500"), the same on the server and
 * in every browser whatever its locale, so a hydrated page reads as it was rendered. The lists'
 * "995,000 applications" (`countSummary`) and the dashboard's counters and to-dos use it.
 */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}
