import type { AbilitySource } from "../../rules/models";
import type { AbilityEntry } from "../../rules/statblock";
import { healthState, type HealthState } from "../../rules/health";
import { timingOf } from "./timed-effects";

/**
 * What escalation reads off an actor, from its data alone, so it works on any Actor instance: the
 * active ruleset's `install()` makes `FrayActor` the world's Actor class, but an escalation actor
 * in a world playing another ruleset is that ruleset's Actor class, and escalation's sheets still
 * show it (read-only). `FrayActor`'s getters answer with these.
 */
export interface ActorData {
  readonly type: string;
  readonly system: unknown;
  readonly items: { readonly contents: readonly ItemData[] };
  readonly effects: { readonly contents: readonly EffectData[] };
}
interface ItemData {
  readonly id: string | null;
  readonly name: string;
  readonly img?: string | null;
  readonly type: string;
  readonly system: unknown;
}
interface EffectData {
  readonly flags: unknown;
}

/**
 * An ability item's data: its TypeDataModel is generated from `ABILITY_SPEC`, so it has the
 * spec's shape (as `play/data/accessors.ts` tells the compiler).
 */
const abilitySystem = (system: unknown): AbilitySource => system as AbilitySource;

export function isPlayerCharacter(actor: Pick<ActorData, "type">): boolean {
  return actor.type === "escalationCharacter";
}

export function hpOf(actor: Pick<ActorData, "system">): { value: number; max: number } {
  return (actor.system as { hp: { value: number; max: number } }).hp;
}

/** Up, Staggered, Dying or defeated, from HP (`000_c2dc3d650823e22d.txt` §Dying and Death). */
export function healthOf(actor: Pick<ActorData, "type" | "system">): HealthState {
  const hp = hpOf(actor);
  return healthState(hp.value, hp.max, isPlayerCharacter(actor));
}

/** The actor's abilities as the rules' entries (id, name, image, data), in item order. */
export function abilityEntriesOf(
  actor: Pick<ActorData, "items">,
): (AbilityEntry & { readonly img: string })[] {
  return actor.items.contents
    .filter((i) => i.type === "escalationAbility")
    .map((i) => ({
      id: i.id ?? "", name: i.name, img: i.img ?? "", system: abilitySystem(i.system),
    }));
}

/** The effects Fray applied with a duration (see `timed-effects.ts`). */
export function timedEffectsOf<E extends EffectData>(actor: {
  readonly effects: { readonly contents: readonly E[] };
}): E[] {
  return actor.effects.contents.filter((e) => timingOf(e) !== null);
}
