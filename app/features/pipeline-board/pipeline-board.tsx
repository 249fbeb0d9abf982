import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { memo, type MouseEvent, type ReactNode, useMemo, useRef, useState } from "react";
import { useRowSelection } from "~/components/ui/use-row-selection";
import { Link, useFetcher, useFetchers, useSubmit } from "react-router";
import type { FieldErrors } from "~/schemas/parse-form";
import { Alert } from "~/components/ui/alert";
import { RowLink } from "~/components/ui/row-link";
import { applyMoves, type Card, type Column, pendingMoves } from "./board-state";
import { LocalDate } from "~/components/ui/local-date";
import { formatCount } from "~/lib/count";

/** What the move action answers. */
export type MoveResponse = { ok: true } | { ok: false; applicationId?: string; error: string };

const MOVE_KEY_PREFIX = "move:";

/** Left and right arrows carry the dragged card to the previous or next column. */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code !== KeyboardCode.Right && event.code !== KeyboardCode.Left) return undefined;
  event.preventDefault();
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((container) => ({ id: container.id, rect: droppableRects.get(container.id) }))
    .filter((c): c is { id: string; rect: NonNullable<typeof c.rect> } => Boolean(c.rect))
    .sort((a, b) => a.rect.left - b.rect.left);
  const centre = collisionRect.left + collisionRect.width / 2;
  let index = columns.findIndex((c) => c.id === over?.id);
  if (index === -1) index = columns.findIndex((c) => centre >= c.rect.left && centre <= c.rect.left + c.rect.width);
  const target = columns[index + (event.code === KeyboardCode.Right ? 1 : -1)];
  if (!target) return undefined;
  return {
    x: target.rect.left + (target.rect.width - collisionRect.width) / 2,
    y: currentCoordinates.y,
  };
};

/** The pointer's column when there is a pointer; the overlapped column for the keyboard. */
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** What the board tells its bulk bar: how many are ticked of the cards shown, and the last answer. */
export interface BulkState {
  selected: number;
  onBoard: number;
  selectAll: (on: boolean) => void;
  errors: FieldErrors | null;
  busy: boolean;
}

/** The form the cards' checkboxes belong to: the board's bulk actions post the ticked ones. */
const BULK_FORM = "pipeline-bulk";

/** The applications list's bulk actions, where the board's answer comes back (decision 093). */
const BULK_ACTION = "/applications";

export function PipelineBoard({
  columns: serverColumns,
  moveAction,
  showMoreHref,
  bulk,
  schedule = false,
}: {
  columns: Column[];
  /** The action moves are posted to. */
  moveAction: string;
  /** Whether the member may schedule interviews: cards without an upcoming one then offer "Schedule interview" (issue 14). */
  schedule?: boolean;
  /** The board's address with one more page of this stage. */
  showMoreHref: (stageId: string) => string;
  /**
   * The bulk actions (issue 13), for the roles that decide: the bar the page draws for the ticked
   * cards, inside the form their checkboxes belong to (the applications list's bar, decision 093).
   */
  bulk?: (state: BulkState) => ReactNode;
}) {
  const submit = useSubmit();
  const fetchers = useFetchers();
  const [activeId, setActiveId] = useState<string | null>(null);
  // Keys of the moves made on this page, newest last: each one's answer may carry an error.
  const [moveKeys, setMoveKeys] = useState<string[]>([]);

  const moves = pendingMoves(fetchers, MOVE_KEY_PREFIX);
  const columns = useMemo(() => applyMoves(serverColumns, moves), [serverColumns, moves]);

  const cardsById = useMemo(() => {
    const map = new Map<string, { card: Card; stageId: string }>();
    for (const column of columns) for (const card of column.cards) map.set(card.id, { card, stageId: column.id });
    return map;
  }, [columns]);
  // The ticked cards (issue 13): checkboxes of the bulk form; Shift-click ticks a range in the board's order.
  const order = useMemo(() => columns.flatMap((column) => column.cards.map((card) => card.id)), [columns]);
  const selection = useRowSelection(order);
  const { ticked, tick: onTick } = selection;
  const bulkFetcher = useFetcher<{ errors: FieldErrors | null; done: string | null }>({ key: BULK_FORM });
  const [answered, setAnswered] = useState<unknown>(null);
  // A bulk action done starts the selection again (the board reloads with the cards where they are now).
  if (bulkFetcher.state === "idle" && bulkFetcher.data && bulkFetcher.data !== answered) {
    setAnswered(bulkFetcher.data);
    if (bulkFetcher.data.done) selection.clear();
  }
  const tickedOnBoard = selection.selected;

  const stageName = (id: unknown) => columns.find((c) => c.id === id)?.name ?? "a stage";
  const cardName = (id: unknown) => cardsById.get(String(id))?.card.candidateName ?? "the candidate";

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  // The column last announced: reaching a column is said once, and the pick-up message is
  // not replaced at once by "over its own column".
  const announcedOver = useRef<string | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      announcedOver.current = String(active.data.current?.stageId ?? "");
      return `Picked up ${cardName(active.id)} in ${stageName(active.data.current?.stageId)}. Use the left and right arrow keys to choose another stage, then press space or enter to drop, or escape to cancel.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over ? String(over.id) : null;
      if (overId === announcedOver.current) return undefined;
      announcedOver.current = overId;
      return over ? `${cardName(active.id)} is over ${stageName(over.id)}.` : `${cardName(active.id)} is not over a stage.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.data.current?.stageId
        ? `${cardName(active.id)} was moved to ${stageName(over.id)}.`
        : `${cardName(active.id)} was dropped back in ${stageName(active.data.current?.stageId)}.`,
    onDragCancel: ({ active }) => `Moving ${cardName(active.id)} was cancelled. It stays in ${stageName(active.data.current?.stageId)}.`,
  };

  function onDragStart(event: DragStartEvent) {
    setActiveId(String(event.active.id));
  }

  function onDragEnd(event: DragEndEvent) {
    setActiveId(null);
    const { active, over } = event;
    const from = active.data.current?.stageId;
    if (!over || over.id === from) return;
    const key = `${MOVE_KEY_PREFIX}${active.id}:${Date.now()}`;
    setMoveKeys((keys) => [...keys.slice(-4), key]);
    void submit(
      { intent: "move", applicationId: String(active.id), stageId: String(over.id) },
      { method: "post", action: moveAction, navigate: false, fetcherKey: key },
    );
  }

  const active = activeId ? cardsById.get(activeId) : undefined;
  const total = columns.reduce((sum, column) => sum + column.count, 0);

  return (
    <div>
      <div aria-live="polite">
        {moveKeys.map((key) => (
          <MoveError key={key} fetcherKey={key} onDismiss={() => setMoveKeys((keys) => keys.filter((k) => k !== key))} />
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {formatCount(total)} {total === 1 ? "application" : "applications"} in this pipeline.
      </p>
      {bulk ? (
        <bulkFetcher.Form id={BULK_FORM} method="post" action={BULK_ACTION} className="mb-3">
          {bulkFetcher.data?.done && bulkFetcher.state === "idle" ? (
            <div className="mb-3">
              <Alert tone="success">{bulkFetcher.data.done}</Alert>
            </div>
          ) : null}
          {tickedOnBoard.length > 0 || bulkFetcher.data?.errors ? (
            bulk({
              selected: tickedOnBoard.length,
              onBoard: order.length,
              selectAll: selection.selectAll,
              errors: bulkFetcher.state === "idle" ? (bulkFetcher.data?.errors ?? null) : null,
              busy: bulkFetcher.state !== "idle",
            })
          ) : (
            <p className="text-xs text-slate-600">Tick candidates to move, email, tag or reject several at once; Shift-click ticks a range.</p>
          )}
        </bulkFetcher.Form>
      ) : null}
      <DndContext
        id="pipeline-board"
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              "To move a candidate, focus its move button and press space or enter. Use the left and right arrow keys to choose a stage, then press space or enter to drop it, or escape to cancel.",
          },
        }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
      >
        <div className="-mx-4 overflow-x-auto px-4 pb-4 sm:mx-0 sm:px-0">
          {/* Compact columns (9rem to 18rem, sharing the width): at 1280 px six of eight stages show at once. On a
              phone 11rem, two at a time, so that a name breaks between its words rather than inside one. */}
          <ol className="flex min-h-[60vh] items-stretch gap-2" aria-label="Pipeline stages" data-testid="pipeline-columns">
            {columns.map((column) => (
              <BoardColumnView key={column.id} column={column} showMoreHref={showMoreHref(column.id)} ticked={bulk ? ticked : null} onTick={onTick} schedule={schedule} />
            ))}
          </ol>
        </div>
        <DragOverlay dropAnimation={null}>
          {active ? <CardBody card={active.card} className="rotate-2 shadow-lg ring-2 ring-brand-500" /> : null}
        </DragOverlay>
      </DndContext>
    </div>
  );
}

function MoveError({ fetcherKey, onDismiss }: { fetcherKey: string; onDismiss: () => void }) {
  const fetcher = useFetcher<MoveResponse>({ key: fetcherKey });
  if (fetcher.state !== "idle" || !fetcher.data || fetcher.data.ok) return null;
  return (
    <div className="mb-4">
      <Alert title="The candidate could not be moved">
        <p>{fetcher.data.error} The card is back where it was.</p>
        <button type="button" onClick={onDismiss} className="mt-2 text-sm font-semibold underline">
          Dismiss
        </button>
      </Alert>
    </div>
  );
}

const BoardColumnView = memo(function BoardColumnView({
  column,
  showMoreHref,
  ticked,
  onTick,
  schedule,
}: {
  column: Column;
  showMoreHref: string;
  schedule: boolean;
  /** The ticked cards, or null when the member has no bulk actions. */
  ticked: ReadonlySet<string> | null;
  onTick: (cardId: string, on: boolean, shift: boolean) => void;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.id });
  const headingId = `stage-${column.id}`;
  return (
    <li
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`flex min-w-44 max-w-72 flex-1 sm:min-w-36 flex-col rounded-xl border p-2 transition-colors ${
        isOver ? "border-brand-400 bg-brand-50" : "border-slate-200 bg-slate-100/70"
      }`}
    >
      {/* Room for two lines, so the cards of every column start at the same height. */}
      <h2 id={headingId} className="flex min-h-9 items-start justify-between gap-1 pl-1 text-[13px] font-semibold leading-snug text-slate-800">
        <span className="min-w-0 break-words">{column.name}</span>
        <span className="shrink-0 rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600" aria-label={`${formatCount(column.count)} candidates`}>
          {formatCount(column.count)}
        </span>
      </h2>
      <ul className="-mx-1 mt-2 flex-1 space-y-2 overflow-y-auto px-1 pb-1 lg:max-h-[calc(100dvh-16rem)]">
        {column.cards.map((card, index) => (
          <DraggableCard
            key={card.id}
            card={card}
            stageId={column.id}
            checked={ticked ? ticked.has(card.id) : null}
            onTick={onTick}
            schedule={schedule}
            discover={index === 0}
          />
        ))}
        {column.cards.length === 0 ? (
          <li className="rounded-lg border border-dashed border-slate-300 px-3 py-6 text-center text-xs text-slate-600">No candidates</li>
        ) : null}
      </ul>
      {column.hasMore ? (
        <Link
          to={showMoreHref}
          preventScrollReset
          replace
          className="mt-2 rounded-lg px-2 py-2 text-center text-sm font-semibold text-brand-700 hover:bg-white"
        >
          Show more<span className="sr-only"> in {column.name}</span> ({formatCount(column.count - column.cards.length)} more)
        </Link>
      ) : null}
    </li>
  );
});

const DraggableCard = memo(function DraggableCard({
  card,
  stageId,
  checked,
  onTick,
  schedule,
  discover,
}: {
  card: Card;
  stageId: string;
  schedule: boolean;
  /** Whether its links are marked for route discovery (a column's first card; decision 135). */
  discover: boolean;
  /** Whether the card is ticked for a bulk action; null: no checkbox. */
  checked: boolean | null;
  onTick: (cardId: string, on: boolean, shift: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { stageId },
  });
  // A <button> is a focusable button already: dnd-kit's role, tabindex and aria-disabled="false"
  // would only repeat that, 50 bytes on each of a hundred cards.
  const { role: _role, tabIndex: _tabIndex, "aria-disabled": _disabled, ...handleAttributes } = attributes;
  return (
    <li ref={setNodeRef} {...listeners} className={isDragging ? "touch-manipulation opacity-40" : "touch-manipulation"} data-testid="pipeline-card">
      <CardBody
        card={card}
        schedule={schedule}
        discover={discover}
        tick={
          checked === null ? undefined : (
            <input
              type="checkbox"
              form={BULK_FORM}
              name="applicationIds"
              value={card.id}
              checked={checked}
              onChange={() => {}}
              onClick={(event: MouseEvent<HTMLInputElement>) => onTick(card.id, event.currentTarget.checked, event.shiftKey)}
              aria-label={`Select ${card.candidateName}`}
              // Above the name's link, which covers the card (a click anywhere opens the application).
              className="pipeline-card-tick"
            />
          )
        }
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...handleAttributes}
            aria-label={`Move ${card.candidateName}`}
            // Its dots are drawn by the style sheet (decision 133); it is named by aria-label.
            className="pipeline-card-handle"
          />
        }
      />
    </li>
  );
});

/** "Feedback 1/2 · 1 yes": scorecards submitted of those asked for, and how they lean (decision 099). */
function FeedbackBadge({ feedback }: { feedback: NonNullable<Card["feedback"]> }) {
  const lean = [feedback.yes ? `${feedback.yes} yes` : null, feedback.no ? `${feedback.no} no` : null].filter(Boolean).join(", ");
  return (
    <p className="mt-1 text-xs text-slate-700" data-testid="feedback-badge">
      <span className="rounded bg-slate-100 px-1.5 py-0.5 font-medium">
        Feedback {feedback.submitted}/{feedback.asked}
      </span>
      {lean ? ` ${lean}` : null}
    </p>
  );
}

/** A card's name (the link to its application), email and date; `children` add lines below (the lane's reason). */
export function CardBody({
  card,
  handle,
  tick,
  className = "",
  schedule = false,
  discover = false,
  children,
}: {
  card: Card;
  /** Mark its links for React Router's route discovery (one card of a list; decision 135). */
  discover?: boolean;
  /** Offer "Schedule interview" when the card has no upcoming interview. */
  schedule?: boolean;
  handle?: ReactNode;
  /** The card's checkbox for the bulk actions, before its name. */
  tick?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    // One grid (app.css): the checkbox, the name and the handle on the first row, every other line below
    // across it. Flat, as the card is repeated up to 125 times a board (decision 101).
    <div className={className ? `pipeline-card ${className}` : "pipeline-card"}>
      {tick}
      <RowLink to={`/applications/${card.id}`} discover={discover} draggable={false} className="pipeline-card-name">
        {card.candidateName}
      </RowLink>
      {handle}
      <p className="pipeline-card-email" title={card.candidateEmail}>
        {card.candidateEmail}
      </p>
      <p className="pipeline-card-date">
        Applied <LocalDate value={card.createdAt} />
      </p>
      {card.nextInterview ? (
        <p className="pipeline-card-date">
          Interview <LocalDate value={card.nextInterview} withTime />
        </p>
      ) : schedule ? (
        // To the application's scheduling form, opened (above the name's link, which covers the card). Its
        // name leaves out the candidate's: a link named by the candidate is the card's own, to the application.
        <RowLink to={`/applications/${card.id}?schedule=1#interviews-heading`} discover={discover} draggable={false} className="pipeline-card-schedule" aria-label="Schedule interview">
          Schedule
        </RowLink>
      ) : null}
      {card.feedback ? <FeedbackBadge feedback={card.feedback} /> : null}
      {children}
    </div>
  );
}
