import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { PipelineBoard } from "~/features/pipeline-board/pipeline-board";

const columns = ["Applied", "Screening", "Interview", "Offer", "Hired"].map((name, c) => ({
  id: `00000000-0000-4000-8000-00000000000${c}`,
  name,
  count: 1000,
  hasMore: true,
  cards: Array.from({ length: 25 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(c * 100 + i).padStart(12, "0")}`,
    candidateName: `Olivia Smith ${i}`,
    candidateEmail: `olivia.smith.${c}.${i}@example.com`,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    status: "active",
  })),
}));
const Stub = createRoutesStub([{ path: "/manage/jobs/x", Component: () => <PipelineBoard columns={columns as never} moveAction="/x" showMoreHref={(id) => `/x?s=${id}`} /> }]);
const el = <Stub initialEntries={["/manage/jobs/x"]} />;
let html = "";
for (let i = 0; i < 200; i++) html = renderToString(el);
const n = 1000;
const t0 = performance.now();
for (let i = 0; i < n; i++) html = renderToString(el);
const ms = (performance.now() - t0) / n;
console.log(`board render ${ms.toFixed(3)} ms, ${html.length} bytes`);
