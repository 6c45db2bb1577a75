/**
 * A step button of a card, as the shell renders it (`shell/cards/actions.ts`, `card-actions.hbs`)
 * and a ruleset's pure card view builds it: the card step it asks for with its arguments (sent as
 * JSON), the label's lang key and data, a Font Awesome icon, and `local` for a button the card's
 * kind wires itself.
 */
export interface StepButton {
  /** The card step the button asks for, with its arguments (sent as JSON). */
  readonly step: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The label's lang key and its data (`{amount}`…), and a Font Awesome icon class. */
  readonly labelKey: string;
  readonly labelData?: Readonly<Record<string, string | number>>;
  readonly icon: string;
  /**
   * A button the card's kind wires itself (its `wire`: shock's Snap Attack, rolled on the
   * viewer's own client before the GM's step) rather than a step request: rendered with
   * `data-fray-local="<this>"` and no step.
   */
  readonly local?: string;
}
