import type { AttackRequest } from "../../rules/attack";
import type { Defense, DamageType } from "../../rules/constants";
import { spiritAttackEdge, type SpiritBoon } from "../../rules/fight-in-spirit";
import type { CharacterSource, NpcSource } from "../../rules/models";
import { characterData, npcData } from "../data/accessors";

/**
 * A side of an attack as its actor's documents give it: character or NPC data, conditions, the
 * recoveries penalty (`FrayActor#recoveryPenalty`) and its Fight in Spirit boons.
 */
export interface AttackSide {
  readonly isPC: boolean;
  /** The actor's `system` (a character's or an NPC's, per `isPC`). */
  readonly system: unknown;
  readonly statuses: ReadonlySet<string>;
  readonly recoveryPenalty: number;
  readonly boons: readonly SpiritBoon[];
}

/** The sheet data of a side: a character's or an NPC's. */
export function sideData(side: Pick<AttackSide, "isPC" | "system">): CharacterSource | NpcSource {
  return side.isPC ? characterData(side.system) : npcData(side.system);
}

/**
 * The rules' attack request (`planAttack`) for one attack of an ability on one target: the
 * attacker's level and Volition (less its recoveries penalty), whether it adds the escalation
 * die (PCs always, NPCs when their statblock says), the target's defenses (less its penalty),
 * weaknesses and conditions, Advantage when the target is Grabbed by this attacker, and the edge
 * of both sides' Fight in Spirit boons.
 * Source: `000_c2dc3d650823e22d.txt` §Attacks, §Escalation Die, §Fight in Spirit; RULINGS.md
 * §escalation Edge.
 */
export function attackRequest(
  attacker: AttackSide, target: AttackSide & { readonly grabbedByAttacker: boolean },
  attack: {
    readonly defense: Defense; readonly escalationDie: number;
    readonly damageTypes: readonly DamageType[]; readonly coupDeGrace: boolean;
  },
): AttackRequest {
  const source = sideData(attacker);
  const targetData = sideData(target);
  return {
    attacker: {
      level: source.level,
      volition: source.volition,
      isPC: attacker.isPC,
      usesEscalation: attacker.isPC || npcData(attacker.system).usesEscalation,
      conditions: attacker.statuses,
      volitionPenalty: attacker.recoveryPenalty,
    },
    target: {
      defenses: targetData.defenses,
      conditions: target.statuses,
      weaknesses: targetData.weaknesses,
      defensePenalty: target.recoveryPenalty,
      grabbedByAttacker: target.grabbedByAttacker,
    },
    defense: attack.defense,
    escalationDie: attack.escalationDie,
    damageTypes: attack.damageTypes,
    coupDeGrace: attack.coupDeGrace,
    manualEdge: spiritAttackEdge(attacker.boons, target.boons),
  };
}
