/**
 * Small stand-ins for what Foundry's client does to a document's data on `update`, for tests that
 * run Fray's GM flows in Node without Foundry: dotted keys, nested objects merged, `==key` replaced
 * whole and `-=key` deleted (common/utils/helpers.mjs `mergeObject` with `performDeletions`). They
 * only hold data: Foundry's permission rules are checked in the Foundry tier.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */

const isObject = (v: unknown): v is Record<string, any> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Merges `value` into `target[key]` as Foundry's update does. */
function mergeKey(target: Record<string, any>, key: string, value: unknown): void {
  if (key.startsWith("-=")) {
    delete target[key.slice(2)];
    return;
  }
  if (key.startsWith("==")) {
    target[key.slice(2)] = structuredClone(value);
    return;
  }
  if (isObject(value) && isObject(target[key])) {
    for (const [k, v] of Object.entries(value)) mergeKey(target[key], k, v);
    return;
  }
  target[key] = isObject(value) ? merged({}, value) : structuredClone(value);
}

function merged(target: Record<string, any>, value: Record<string, unknown>): Record<string, any> {
  for (const [k, v] of Object.entries(value)) mergeKey(target, k, v);
  return target;
}

/** Expands dotted keys into nested objects (`foundry.utils.expandObject`). */
export function expand(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, any> = {};
  for (const [path, value] of Object.entries(changes)) {
    const keys = path.split(".");
    let at = out;
    for (const k of keys.slice(0, -1)) at = at[k] ??= {};
    const last = keys.at(-1) as string;
    at[last] = isObject(value) && isObject(at[last]) ? { ...at[last], ...value } : value;
  }
  return out;
}

/** Applies an update to a plain object as Foundry's client does. */
export function applyUpdate(target: Record<string, any>, changes: Record<string, unknown>): void {
  merged(target, expand(changes));
}

export const getProperty = (target: any, path: string): any =>
  path.split(".").reduce((o, k) => o?.[k], target);

/** A GM user whose flags take claims (`shell/gm/claim.ts`). */
export function gmUser(base: { id: string }, extra: Record<string, unknown> = {}): any {
  const user: any = {
    ...base, isGM: true, isActiveGM: true, flags: {}, ...extra,
    async update(changes: Record<string, unknown>) {
      applyUpdate(user, changes);
      return user;
    },
  };
  return user;
}

/**
 * `ChatMessage` as the GM's shown rolls use it (`shell/dice/shown-rolls.ts`): `create` records
 * plain messages in `created`, and the roll messages, with the roll mode applied, in `shown`.
 */
export function chatMessages(created: any[], shown: any[]): any {
  return {
    create: async (data: any) => void created.push(data),
    getSpeaker: () => ({ alias: "Fray" }),
    implementation: {
      applyRollMode: (data: any, rollMode: string) => ({ ...data, rollMode }),
      create: async (data: any) => void shown.push(data),
    },
  };
}
