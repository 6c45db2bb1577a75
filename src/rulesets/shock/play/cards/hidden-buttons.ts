import type { StepButton } from "../../../../engine/view/step-button";
import type { CardView } from "./card-view";

/** A step button of a card the roll mode hides from its viewer (the shell renders it). */
export type HiddenButton = StepButton;

/**
 * What a viewer the roll mode hides the card from may still do: its reactions (a Snap Attack's
 * button is wired by the card kind's `wireSnaps`, which rolls it on the snapper's own client from
 * the seal, not the hidden content), Apply, a maneuver, Undo.
 */
export function hiddenButtons(view: CardView): HiddenButton[] {
  return [
    ...view.reactions.map((r) => ({
      step: "react", args: JSON.parse(r.argsJson) as Record<string, unknown>, labelKey: r.labelKey,
      labelData: { name: r.name },
      icon: r.snap ? "fa-bolt-lightning" : "fa-shield-halved",
      ...(r.snap ? { local: r.choice } : {}),
    })),
    ...(view.canApply
      ? [{ step: "apply", args: {}, labelKey: view.applyKey,
        labelData: { amount: view.result?.amount ?? 0 }, icon: "fa-heart-crack" }]
      : []),
    ...view.maneuvers.map((m) => ({
      step: "maneuver", args: { maneuver: m.kind }, labelKey: m.labelKey, icon: "fa-hand-fist",
    })),
    ...(view.canUndo
      ? [{ step: "undo", args: {}, labelKey: "FRAY.Shock.Card.Undo", icon: "fa-rotate-left" }]
      : []),
  ];
}
