import { BANDS, MISS_DAMAGE, STANCES } from "../../src/rulesets/escalation/rules/constants";

/** The label maps the sheets get from CONFIG.FRAY, built the same way for tests outside Foundry. */
const labels = (values: readonly (string | number)[], prefix: string) =>
  Object.fromEntries(values.map((v) => [String(v), `${prefix}.${v}`]));

export const FRAY_LABELS = {
  bands: labels(BANDS, "FRAY.Band"),
  stances: labels(STANCES, "FRAY.Stance"),
  missDamage: labels(MISS_DAMAGE, "FRAY.MissDamage"),
};
