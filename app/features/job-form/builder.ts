import { newFieldId } from "~/schemas/form-field";
import type { JobFormState } from "~/schemas/job";

/**
 * The builder's buttons. With JavaScript they change the form in the browser; without it they
 * post `intent` and the action answers the changed form, so both paths share this function.
 */
export type BuilderIntent =
  | { type: "add-field" }
  | { type: "remove-field"; index: number }
  | { type: "add-stage" }
  | { type: "remove-stage"; index: number }
  | { type: "move-stage-up"; index: number }
  | { type: "move-stage-down"; index: number };

type IndexedIntent = Exclude<BuilderIntent, { type: "add-field" | "add-stage" }>["type"];

export function parseBuilderIntent(value: string | undefined): BuilderIntent | undefined {
  if (value === "add-field" || value === "add-stage") return { type: value };
  const match = /^(remove-field|remove-stage|move-stage-up|move-stage-down):(\d+)$/.exec(value ?? "");
  if (match) return { type: match[1] as IndexedIntent, index: Number(match[2]) };
  return undefined;
}

/** The stages that end a pipeline: a new stage goes before them, not after (issue 13). */
const CLOSING_STAGES = new Set(["hired", "rejected"]);

/** Where "Add stage" puts a new stage: before the Hired and Rejected at the end of the list, if any. */
export function newStageIndex(stages: readonly { name: string }[]): number {
  let index = stages.length;
  while (index > 0 && CLOSING_STAGES.has(stages[index - 1]!.name.trim().toLowerCase())) index--;
  return index;
}

/** The list with the item at `from` swapped with its neighbour at `to`; unchanged when `to` is outside it. */
function swapped<T>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const copy = [...items];
  [copy[from], copy[to]] = [copy[to]!, copy[from]!];
  return copy;
}

export function applyBuilderIntent(state: JobFormState, intent: BuilderIntent, newKey: () => string = newFieldId): JobFormState {
  switch (intent.type) {
    case "add-field":
      return {
        ...state,
        fields: [...state.fields, { id: newKey(), type: "text", label: "", required: false, placeholder: "", options: "" }],
      };
    case "remove-field":
      return { ...state, fields: state.fields.filter((_, index) => index !== intent.index) };
    case "add-stage": {
      const at = newStageIndex(state.stages);
      return { ...state, stages: [...state.stages.slice(0, at), { key: newKey(), id: "", name: "", description: "", entry_template_id: "", entry_delay_hours: "0" }, ...state.stages.slice(at)] };
    }
    case "remove-stage":
      return { ...state, stages: state.stages.filter((_, index) => index !== intent.index) };
    case "move-stage-up":
      return { ...state, stages: swapped(state.stages, intent.index, intent.index - 1) };
    case "move-stage-down":
      return { ...state, stages: swapped(state.stages, intent.index, intent.index + 1) };
  }
}
