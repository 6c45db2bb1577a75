/**
 * The result badges of escalation's chat cards: a word and an icon on a coloured chip
 * (`.fray-badge--<tone>` from styles/_components.scss), so a result never reads by colour alone.
 * Pure: the template localizes `labelKey` (FRAY.Card.Result.<kind> in lang/cards.json).
 */
export const RESULT_KINDS = [
  "hit", "miss", "crit", "critFail", "noAttack", "saved", "failed", "success", "failure", "healed",
  "applied", "refused", "info",
] as const;
export type ResultKind = (typeof RESULT_KINDS)[number];

/** A badge as the template draws it: the component's tone, a Font Awesome icon, the word's key. */
export interface BadgeView {
  readonly kind: ResultKind;
  /** `.fray-badge--<tone>`. */
  readonly tone: "hit" | "miss" | "crit" | "fumble" | "info" | "neutral" | "reaction";
  /** Font Awesome solid icon class, shown beside the word (decorative: aria-hidden). */
  readonly icon: string;
  readonly labelKey: string;
}

const BADGES: Record<ResultKind, Omit<BadgeView, "kind" | "labelKey">> = {
  hit: { tone: "hit", icon: "fa-check" },
  miss: { tone: "miss", icon: "fa-xmark" },
  crit: { tone: "crit", icon: "fa-star" },
  critFail: { tone: "fumble", icon: "fa-skull" },
  noAttack: { tone: "neutral", icon: "fa-eye-slash" },
  saved: { tone: "hit", icon: "fa-shield-halved" },
  failed: { tone: "miss", icon: "fa-heart-crack" },
  success: { tone: "hit", icon: "fa-check" },
  failure: { tone: "miss", icon: "fa-xmark" },
  healed: { tone: "hit", icon: "fa-heart-pulse" },
  applied: { tone: "reaction", icon: "fa-check-double" },
  refused: { tone: "miss", icon: "fa-ban" },
  info: { tone: "info", icon: "fa-circle-info" },
};

/** The badge of a result kind. */
export function badge(kind: ResultKind): BadgeView {
  return { kind, ...BADGES[kind], labelKey: `FRAY.Card.Result.${kind}` };
}

/** Whether a string names a result kind (event lines from other modules are checked with it). */
export function isResultKind(value: unknown): value is ResultKind {
  return typeof value === "string" && (RESULT_KINDS as readonly string[]).includes(value);
}

/**
 * An attack's result on one target: the Invisible pre-attack save failed (no attack), crit, crit
 * fail, hit or miss, as `resolveAttack` decided them. Source: `000_c2dc3d650823e22d.txt` §Attacks,
 * §Conditions and Effects (Invisible).
 */
export function attackResult(row: {
  readonly invisibleFailed: boolean; readonly crit: boolean; readonly critFail: boolean;
  readonly hit: boolean;
}): ResultKind {
  if (row.invisibleFailed) return "noAttack";
  if (row.crit) return "crit";
  if (row.critFail) return "critFail";
  return row.hit ? "hit" : "miss";
}
