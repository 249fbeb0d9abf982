import { describe, expect, it } from "vitest";
import { applyMoves, type Column, pendingMoves } from "./board-state";

const card = (id: string, day: number) => ({
  id,
  candidateName: `Name ${id}`,
  candidateEmail: `${id}@example.test`,
  createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
});

const board: Column[] = [
  { id: "applied", name: "Applied", count: 3, cards: [card("c", 3), card("b", 2), card("a", 1)], hasMore: false },
  { id: "screening", name: "Screening", count: 10, cards: [card("z", 20), card("y", 10)], hasMore: true },
  { id: "offer", name: "Offer", count: 0, cards: [], hasMore: false },
];

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("pendingMoves", () => {
  it("reads the moves being saved, ignoring other fetchers and finished ones", () => {
    const moves = pendingMoves(
      [
        { key: "move:a:1", formData: form({ applicationId: "a", stageId: "offer" }) },
        { key: "move:b:1" },
        { key: "other", formData: form({ applicationId: "c", stageId: "offer" }) },
      ],
      "move:",
    );
    expect([...moves]).toEqual([["a", "offer"]]);
  });
});

describe("applyMoves", () => {
  it("returns the same board when nothing is moving", () => {
    expect(applyMoves(board, new Map())).toBe(board);
  });

  it("moves a card to its target column in date order, with both counts", () => {
    const next = applyMoves(board, new Map([["b", "offer"]]));
    expect(next[0]!.cards.map((c) => c.id)).toEqual(["c", "a"]);
    expect(next[0]!.count).toBe(2);
    expect(next[2]!.cards.map((c) => c.id)).toEqual(["b"]);
    expect(next[2]!.count).toBe(1);
    expect(next[1]).toBe(board[1]);
  });

  it("counts but does not show a card older than the last shown card of a partly loaded column", () => {
    const next = applyMoves(board, new Map([["a", "screening"], ["c", "screening"]]));
    expect(next[1]!.count).toBe(12);
    expect(next[1]!.cards.map((c) => c.id)).toEqual(["z", "y"]);
  });

  it("ignores a move to an unknown stage or to the card's own stage", () => {
    expect(applyMoves(board, new Map([["a", "nowhere"], ["z", "screening"]]))).toBe(board);
  });
});
