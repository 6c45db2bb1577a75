import type { ValueSet } from "../../../../engine/view/list-edits";
import { ATTRIBUTES } from "../../rules/constants";

/**
 * shock's list fields, as its weapon sheet declares them to the shell's list editing
 * (`engine/view/list-edits.ts`): the attributes a weapon's attack and damage may use
 * (`002_5e27cdf788b28f5f.txt` §Attack Rolls: the better of them counts).
 */
export const WEAPON_LISTS = {
  attributes: { kind: "set", path: "system.attributes", values: ATTRIBUTES } satisfies ValueSet,
};
