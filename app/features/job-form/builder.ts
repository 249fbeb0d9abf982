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
  | { type: "remove-stage"; index: number };

export function parseBuilderIntent(value: string | undefined): BuilderIntent | undefined {
  if (value === "add-field" || value === "add-stage") return { type: value };
  const match = /^(remove-field|remove-stage):(\d+)$/.exec(value ?? "");
  if (match) return { type: match[1] as "remove-field" | "remove-stage", index: Number(match[2]) };
  return undefined;
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
    case "add-stage":
      return { ...state, stages: [...state.stages, { key: newKey(), id: "", name: "", description: "" }] };
    case "remove-stage":
      return { ...state, stages: state.stages.filter((_, index) => index !== intent.index) };
  }
}
