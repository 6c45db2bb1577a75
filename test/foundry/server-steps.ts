/**
 * Which of Foundry's server steps a request went through, recorded by wrapping each server
 * Document class in a subclass whose methods call Foundry's unchanged (see server-update.ts).
 */

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The server methods a request passes through, named as Foundry names them; `request` is anything
 * before the first of them (the request's shape, a missing document).
 */
export type ServerStep =
  | "request" | "fromSource" | "preprocessData" | "loadRelatedDocuments" | "canUserModify"
  | "_preCreateOperation" | "_preUpdateOperation" | "_preDeleteOperation"
  | "_preCreate" | "_preUpdate" | "_preDelete" | "validate" | "updateSource";

/** Which steps a request entered; the outermost step that threw, if one did. */
export class Trace {
  steps: ServerStep[] = [];
  failed: ServerStep | null = null;
  log: string[] = [];
  private depth = 0;
  private active = false;

  begin(): void {
    this.steps = [];
    this.failed = null;
    this.log = [];
    this.depth = 0;
    this.active = true;
  }
  end(): void {
    this.active = false;
  }

  /**
   * Runs Foundry's `call` as `step`. A step run inside another (`updateSource` inside
   * `_preCreate`, the Actor a Combatant loads) is not listed on its own.
   */
  run<T>(step: ServerStep, call: () => T): T {
    const top = this.active && this.depth === 0;
    if (top) this.steps.push(step);
    this.depth++;
    const failed = (error: unknown) => {
      this.depth--;
      if (top && !this.failed) this.failed = step;
      throw error;
    };
    let out: T;
    try {
      out = call();
    } catch (error) {
      return failed(error);
    }
    if (out instanceof Promise) {
      return out.then((v) => {
        this.depth--;
        return v;
      }, failed) as T;
    }
    this.depth--;
    return out;
  }
}

/** `Server` (a server Document class) with each step recorded; Foundry's methods run unchanged. */
export function observed(Server: any, trace: Trace): any {
  return class extends Server {
    static fromSource(source: object, options: object) {
      return trace.run("fromSource", () => super.fromSource(source, options));
    }
    static preprocessData(data: object, options: object) {
      return trace.run("preprocessData", () => super.preprocessData(data, options));
    }
    static _preCreateOperation(...args: unknown[]) {
      return trace.run("_preCreateOperation", () => super._preCreateOperation(...args));
    }
    static _preUpdateOperation(...args: unknown[]) {
      return trace.run("_preUpdateOperation", () => super._preUpdateOperation(...args));
    }
    static _preDeleteOperation(...args: unknown[]) {
      return trace.run("_preDeleteOperation", () => super._preDeleteOperation(...args));
    }
    loadRelatedDocuments() {
      return trace.run("loadRelatedDocuments", () => super.loadRelatedDocuments());
    }
    canUserModify(...args: unknown[]) {
      return trace.run("canUserModify", () => super.canUserModify(...args));
    }
    _preCreate(...args: unknown[]) {
      return trace.run("_preCreate", () => super._preCreate(...args));
    }
    _preUpdate(...args: unknown[]) {
      return trace.run("_preUpdate", () => super._preUpdate(...args));
    }
    _preDelete(...args: unknown[]) {
      return trace.run("_preDelete", () => super._preDelete(...args));
    }
    validate(...args: unknown[]) {
      return trace.run("validate", () => super.validate(...args));
    }
    updateSource(...args: unknown[]) {
      return trace.run("updateSource", () => super.updateSource(...args));
    }
  };
}
