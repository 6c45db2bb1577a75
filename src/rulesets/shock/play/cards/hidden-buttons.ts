import type { CardView } from "./card-view";

/**
 * A step button of a card the roll mode hides from its viewer, as the shell's hidden card renders
 * it (`shell/cards/actions.ts` `StepButton` has this shape): the step and its arguments, the
 * label's lang key and data, a Font Awesome icon, and `local` for a button the card's kind wires
 * itself (a Snap Attack or held attack, rolled on the viewer's own client).
 */
export interface HiddenButton {
  readonly step: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly labelKey: string;
  readonly labelData?: Readonly<Record<string, string | number>>;
  readonly icon: string;
  readonly local?: string;
}

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
