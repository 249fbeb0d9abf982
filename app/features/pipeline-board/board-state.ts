/** A card as the board shows it. */
export interface Card {
  id: string;
  candidateName: string;
  candidateEmail: string;
  /** ISO timestamp; columns are newest first. */
  createdAt: string;
  /** The feedback badge (decision 099): scorecards submitted of those asked for, yes and no. */
  feedback?: { asked: number; submitted: number; yes: number; no: number } | null;
  /** When the next interview starts (ISO), when one is coming (issue 14). */
  nextInterview?: string;
}

export interface Column {
  id: string;
  name: string;
  count: number;
  cards: Card[];
  /** The stage holds more cards than are shown. */
  hasMore: boolean;
}

interface FetcherLike {
  key: string;
  formData?: FormData;
}

/** Application id → target stage id, for every move still being saved (newest wins). */
export function pendingMoves(fetchers: readonly FetcherLike[], keyPrefix: string): Map<string, string> {
  const moves = new Map<string, string>();
  for (const fetcher of fetchers) {
    if (!fetcher.key.startsWith(keyPrefix) || !fetcher.formData) continue;
    const applicationId = fetcher.formData.get("applicationId");
    const stageId = fetcher.formData.get("stageId");
    if (typeof applicationId === "string" && typeof stageId === "string") moves.set(applicationId, stageId);
  }
  return moves;
}

const newestFirst = (a: Card, b: Card) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1);

/**
 * The board as it will be once the pending moves are saved: each moved card leaves its
 * column and joins the target column in date order (hidden there if it falls beyond the
 * cards shown), and both counts follow.
 */
export function applyMoves(columns: readonly Column[], moves: ReadonlyMap<string, string>): Column[] {
  if (moves.size === 0) return columns as Column[];
  const moving = new Map<string, { card: Card; from: string }>();
  for (const column of columns) {
    for (const card of column.cards) {
      const to = moves.get(card.id);
      if (to && to !== column.id && columns.some((c) => c.id === to)) moving.set(card.id, { card, from: column.id });
    }
  }
  if (moving.size === 0) return columns as Column[];
  return columns.map((column) => {
    const leaving = column.cards.filter((card) => moving.has(card.id)).length;
    const arriving = [...moving.values()].filter(({ card }) => moves.get(card.id) === column.id).map(({ card }) => card);
    if (leaving === 0 && arriving.length === 0) return column;
    let cards = column.cards.filter((card) => !moving.has(card.id));
    if (arriving.length > 0) {
      const last = cards[cards.length - 1];
      const merged = [...cards, ...arriving].sort(newestFirst);
      // A card older than the last one shown belongs to the part of the column not loaded.
      cards = column.hasMore && last ? merged.filter((card) => newestFirst(card, last) <= 0) : merged;
    }
    return { ...column, cards, count: column.count - leaving + arriving.length };
  });
}
