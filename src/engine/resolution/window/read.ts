import type { Json } from "../../deltas/delta";
import { isJson } from "./json";
import type { Need, Supplied } from "./protocol";
import type {
  AnswerRecord, Cost, Frame, WindowDefinition, WindowEffect, WindowEvent, WindowState,
} from "./definition";

/**
 * Reading a window's events and stored states from untrusted JSON (a request's arguments, a chat
 * card's ledger): the shape is checked field by field and anything else is refused (null), so a
 * transition never runs on something it did not write. Pure.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === "string";
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isPositive = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const texts = (v: unknown): v is string[] => Array.isArray(v) && v.every(isText);
const listOf = <T>(v: unknown, is: (x: unknown) => x is T): v is T[] =>
  Array.isArray(v) && v.every(is);
const seqOk = (v: Obj) => v.seq === undefined || isCount(v.seq);

/**
 * An event from untrusted input, or null when malformed. Dice must be integers (their range is
 * checked against the need when applied).
 */
export function parseWindowEvent(raw: unknown): WindowEvent | null {
  if (!isObj(raw) || !seqOk(raw)) return null;
  const seq = raw.seq === undefined ? {} : { seq: raw.seq as number };
  switch (raw.kind) {
    case "answer":
      return isText(raw.by) && isText(raw.answer)
        ? { kind: "answer", by: raw.by, answer: raw.answer, ...seq } : null;
    case "pass":
      return isText(raw.by) ? { kind: "pass", by: raw.by, ...seq } : null;
    case "dice":
      return listOf(raw.results, Number.isInteger as (x: unknown) => x is number)
        ? { kind: "dice", results: [...raw.results], ...seq } : null;
    case "outside":
      return isText(raw.name) && isJson(raw.value)
        ? { kind: "outside", name: raw.name, value: raw.value, ...seq } : null;
    default:
      return null;
  }
}

const isCost = (v: unknown): v is Cost => isObj(v) && isText(v.resource) && isPositive(v.amount);

function isNeed(v: unknown): v is Need {
  if (!isObj(v)) return false;
  if (v.kind === "dice") {
    return isPositive(v.count) && isPositive(v.faces) && isText(v.label) && isText(v.by);
  }
  if (v.kind === "window") return isJson(v.context) && (v.only === null || texts(v.only));
  return v.kind === "outside" && isText(v.name) && isJson(v.data);
}

function isSupplied(v: unknown): v is Supplied {
  if (!isObj(v)) return false;
  if (v.kind === "dice") return listOf(v.results, isPositive);
  if (v.kind === "window") return isJson(v.settlement) && v.settlement !== null;
  return v.kind === "outside" && isJson(v.value);
}

const isAnswer = (v: unknown): v is AnswerRecord => isObj(v) && isText(v.by)
  && isText(v.answer) && listOf(v.cost, isCost) && listOf(v.refunds, isCost)
  && listOf(v.supplied, isSupplied) && isJson(v.note) && typeof v.done === "boolean";

function isFrame(v: unknown): v is Frame<Json, Json> {
  if (!isObj(v) || !isJson(v.context) || !isJson(v.facts) || !isJson(v.note)) return false;
  if (!(v.only === null || texts(v.only)) || !texts(v.passed)) return false;
  if (!listOf(v.answers, isAnswer)) return false;
  if (v.pending === null) return true;
  const p = v.pending;
  return isObj(p) && (p.of === "open" || p.of === "answer" || p.of === "settle")
    && isNeed(p.need) && listOf(p.supplied, isSupplied);
}

function isEffect(v: unknown): v is WindowEffect {
  if (!isObj(v) || !isCount(v.depth)) return false;
  if (v.kind === "spend" || v.kind === "refund") {
    return isText(v.by) && isText(v.answer) && isText(v.resource) && isPositive(v.amount);
  }
  if (v.kind === "mark") return isText(v.by) && isText(v.mark) && isJson(v.data);
  return v.kind === "settle" && isJson(v.settlement) && v.settlement !== null;
}

/**
 * The frames agree with each other: a frame has facts unless its opening waits; an unfinished
 * answer is its frame's last and what it waits in; every frame but the innermost waits for the
 * window above it, and only the innermost may wait for dice or an outcome.
 */
function framesHold(frames: readonly Frame<Json, Json>[], settled: boolean): boolean {
  if (!frames.length || (settled && (frames.length !== 1 || frames[0]?.pending))) return false;
  return frames.every((f, i) => {
    const of = f.pending?.of;
    if ((f.facts === null) !== (of === "open")) return false;
    const open = f.answers.filter((a) => !a.done);
    const lastOpen = f.answers[f.answers.length - 1]?.done === false;
    if ((of === "answer") !== (open.length === 1 && lastOpen) || open.length > 1) return false;
    const waitsForWindow = f.pending?.need.kind === "window";
    return i === frames.length - 1 ? !waitsForWindow : waitsForWindow;
  });
}

/**
 * A stored state of `def`'s window, or null when it is malformed, belongs to another definition,
 * or its frames contradict each other. Contexts, facts and settlements are checked to be JSON;
 * their own shapes are the definition's (its resolvers read them as it wrote them).
 */
export function readWindowState<C, F, S>(
  def: WindowDefinition<C, F, S>, raw: unknown,
): WindowState<C, F, S> | null {
  if (!isObj(raw) || raw.format !== 1 || raw.window !== def.id || !isCount(raw.seq)) return null;
  if (!listOf(raw.frames, isFrame) || !listOf(raw.log, isEffect)) return null;
  if (!isJson(raw.settlement)) return null;
  const closed = raw.closed;
  const closedOk = listOf(closed, (c): c is Obj => isObj(c) && isPositive(c.depth)
    && isFrame(c.frame) && isJson(c.settlement) && c.settlement !== null);
  if (!closedOk || !framesHold(raw.frames, raw.settlement !== null)) return null;
  return raw as unknown as WindowState<C, F, S>;
}
