/** A static picture of a pipeline board, drawn in HTML: crisp at any size and no image to load. */
const COLUMNS = [
  { name: "Applied", count: 24, cards: [{ name: "Maya Patel", role: "Frontend Engineer", score: 92 }, { name: "Leo Martins", role: "Frontend Engineer", score: 87 }] },
  { name: "Screening", count: 9, cards: [{ name: "Aisha Bello", role: "Product Designer", score: 95 }, { name: "Tom Becker", role: "Data Analyst", score: 81 }] },
  { name: "Interview", count: 4, cards: [{ name: "Sofia Rossi", role: "Account Executive", score: 90 }] },
  { name: "Offer", count: 1, cards: [{ name: "Kenji Tanaka", role: "Backend Engineer", score: 97 }] },
];

export function PipelinePreview() {
  return (
    <div aria-hidden="true" className="rounded-2xl border border-slate-200 bg-white/90 p-3 shadow-2xl shadow-brand-900/10 ring-1 ring-slate-900/5 sm:p-4">
      <div className="flex items-center justify-between border-b border-slate-100 px-1 pb-3">
        <div>
          <p className="text-sm font-semibold text-slate-900">Senior Frontend Engineer</p>
          <p className="text-xs text-slate-500">Remote · 38 applications</p>
        </div>
        <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">Published</span>
      </div>
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {COLUMNS.map((column, index) => (
          <div key={column.name} className={`rounded-xl bg-slate-50 p-2 ${index > 1 ? "hidden sm:block" : ""}`}>
            <div className="flex items-center justify-between px-1 text-xs font-semibold text-slate-700">
              <span>{column.name}</span>
              <span className="rounded-full bg-white px-1.5 text-slate-500 ring-1 ring-slate-200">{column.count}</span>
            </div>
            <div className="mt-2 space-y-2">
              {column.cards.map((card) => (
                <div key={card.name} className="rounded-lg bg-white p-2 shadow-sm ring-1 ring-slate-200">
                  <div className="flex items-center gap-2">
                    <span className="flex size-6 flex-none items-center justify-center rounded-full bg-brand-100 text-[10px] font-bold text-brand-800">
                      {card.name
                        .split(" ")
                        .map((part) => part[0])
                        .join("")}
                    </span>
                    <div className="min-w-0">
                      <p className="truncate text-xs font-semibold text-slate-900">{card.name}</p>
                      <p className="truncate text-[10px] text-slate-500">{card.role}</p>
                    </div>
                  </div>
                  <div className="mt-2 flex items-center gap-1.5">
                    <div className="h-1.5 flex-1 rounded-full bg-slate-100">
                      <div className="h-1.5 rounded-full bg-brand-500" style={{ width: `${card.score}%` }} />
                    </div>
                    <span className="text-[10px] font-semibold text-brand-700">{card.score}%</span>
                  </div>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
