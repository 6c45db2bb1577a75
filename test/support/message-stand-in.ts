import { REFUSED, type World } from "./foundry-documents";
import { applyUpdate } from "./stand-ins";

/**
 * A ChatMessage on the stand-ins, as the worlds that drive the shell's request path post Fray's
 * cards: the card runtime's updates (the author, `==`/`-=` keys) merge into it, `failNext` makes
 * the server refuse a write, and a deleted message leaves the world's uuid lookups.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
const g = globalThis as any;

/** A chat message: the card runtime's updates (author, `==`/`-=` keys) merge into it. */
export class StandInMessage {
  readonly documentName = "ChatMessage";
  readonly uuid: string;
  whisper: string[] = [];
  blind = false;
  content = "";
  /** Its dice, as Foundry prepares them from the JSON it stores (here: the parsed JSON). */
  rolls: unknown[] = [];
  flags: Record<string, any> = {};
  system: Record<string, any>;
  deleted = false;
  /** Makes the next update with a key this matches fail, as the server refusing the write. */
  failNext: RegExp | null = null;
  constructor(
    readonly world: World, readonly id: string, readonly type: string, system: object,
    public author: any,
  ) {
    this.uuid = `ChatMessage.${id}`;
    this.system = structuredClone(system) as Record<string, any>;
    const data = this.system;
    Object.defineProperty(data, "toObject", { value: () => structuredClone({ ...data }) });
    world.add(this);
  }
  get _source(): Record<string, unknown> {
    return structuredClone({ system: { ...this.system }, flags: this.flags });
  }
  async update(changes: Record<string, unknown>): Promise<this> {
    this.world.touch(this);
    const fail = this.failNext;
    if (fail && Object.keys(changes).some((k) => fail.test(k))) {
      this.failNext = null;
      throw new Error(REFUSED);
    }
    const { author, rolls, ...rest } = changes;
    applyUpdate(this as any, rest);
    if (Array.isArray(rolls)) this.rolls = rolls.map((r) => JSON.parse(String(r)));
    if (typeof author === "string") this.author = g.game.users.get(author);
    return this;
  }
  async delete(): Promise<this> {
    this.world.touch(this);
    this.vanish();
    return this;
  }
  vanish(): void {
    this.deleted = true;
    this.world.forget(this.uuid);
  }
}
