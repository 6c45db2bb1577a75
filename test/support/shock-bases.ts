import { Collection, type World } from "./foundry-documents";
import { applyUpdate } from "./stand-ins";

/**
 * Stand-ins for Foundry's Combat and Combatant base classes (`globalThis.Combat`, `Combatant`),
 * installed before a ruleset's combat classes load, so shock's real `ShockCombat` and
 * `ShockCombatant` run on them in Node: embedded combatants and CombatantGroups, `turns` in the
 * combatants' order, `combatant` the one at `turn`, flags, and writes through the world (a write to
 * a deleted document throws, a write trap may go off: `foundry-documents.ts`). An update of many
 * combatants is one write, as Foundry's `updateEmbeddedDocuments` is one server operation. Data
 * only: permissions and Foundry's own turn bookkeeping are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

export class StandInCombatant {
  readonly documentName = "Combatant";
  id = "";
  uuid = "";
  name = "";
  tokenId = "";
  actorId = "";
  token: any = null;
  system: Record<string, any> = {};
  defeated = false;
  deleted = false;
  group: unknown = null;
  world!: World;

  get actor(): any {
    return this.token && !this.token.deleted ? this.token.actor : null;
  }
  get isDefeated(): boolean {
    return this.defeated;
  }
  get _source(): Record<string, unknown> {
    return structuredClone({ system: this.system, defeated: this.defeated, group: null });
  }
  testUserPermission(user: any): boolean {
    return Boolean(user?.isGM) || Boolean(this.actor?.testUserPermission(user));
  }
  get isOwner(): boolean {
    return this.testUserPermission(g.game?.user);
  }
  async update(changes: Record<string, unknown>): Promise<this> {
    this.world.touch(this);
    applyUpdate(this as any, changes);
    return this;
  }
}

/** A CombatantGroup (a shock side's initiative): name, initiative, flags. */
export class StandInGroup {
  constructor(
    readonly world: World, readonly id: string, public name: string,
    public initiative: number | null, public flags: Record<string, any>, readonly uuid: string,
  ) {}
  deleted = false;
  getFlag(scope: string, key: string): unknown {
    return this.flags[scope]?.[key];
  }
  async update(changes: Record<string, unknown>): Promise<this> {
    this.world.touch(this);
    applyUpdate(this as any, changes);
    return this;
  }
}

let groupSerial = 0;

export class StandInCombat {
  readonly documentName = "Combat";
  id = "";
  uuid = "";
  started = true;
  round = 1;
  turn: number | null = 0;
  flags: Record<string, any> = {};
  deleted = false;
  scene: unknown = null;
  combatants = new Collection<any>();
  groups = new Collection<StandInGroup>();
  world!: World;

  get turns(): any[] {
    return this.combatants.contents;
  }
  get combatant(): any {
    return this.turn === null ? null : this.turns[this.turn] ?? null;
  }
  get _source(): Record<string, unknown> {
    return structuredClone({ flags: this.flags, round: this.round, turn: this.turn });
  }
  getFlag(scope: string, key: string): any {
    return this.flags[scope]?.[key];
  }
  async setFlag(scope: string, key: string, value: unknown): Promise<this> {
    this.world.touch(this);
    this.flags = { ...this.flags, [scope]: { ...this.flags[scope], [key]: structuredClone(value) } };
    return this;
  }
  async update(changes: Record<string, unknown>): Promise<this> {
    this.world.touch(this);
    applyUpdate(this as any, changes);
    return this;
  }
  combatantOf(actor: unknown): any {
    return this.combatants.find((c) => c.actor === actor) ?? null;
  }
  // Foundry's own turn and round events do nothing a ruleset's reads (client/documents/combat.mjs
  // `_onStartTurn` and the like run its combatants' turn-event effects), so a Fray Combat's
  // overrides may call them.
  async _onStartTurn(_c: unknown, _context: unknown): Promise<void> {}
  async _onEndTurn(_c: unknown, _context: unknown): Promise<void> {}
  async _onStartRound(_context: unknown): Promise<void> {}
  async _onEndRound(_context: unknown): Promise<void> {}
  async updateEmbeddedDocuments(_name: string, updates: Record<string, any>[]): Promise<unknown[]> {
    this.world.touch(this);
    return updates.flatMap(({ _id, ...changes }) => {
      const c = this.combatants.get(String(_id));
      if (!c || c.deleted) return [];
      applyUpdate(c, changes);
      return [c];
    });
  }
  async createEmbeddedDocuments(name: string, data: Record<string, any>[]): Promise<unknown[]> {
    this.world.touch(this);
    if (name !== "CombatantGroup") throw new Error(`stand-in: no ${name} creation`);
    return data.map((d) => {
      const id = `group${(groupSerial++).toString().padStart(11, "0")}`;
      const group = new StandInGroup(this.world, id, String(d.name ?? ""),
        typeof d.initiative === "number" ? d.initiative : null, structuredClone(d.flags ?? {}),
        `${this.uuid}.CombatantGroup.${id}`);
      this.groups.set(id, group);
      return group;
    });
  }
}

g.Combat ??= StandInCombat;
g.Combatant ??= StandInCombatant;
