import { readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Who makes each document write in src/, checked to be exhaustive.
 *
 * Foundry v13 lets a client write only what its user may modify (common/documents/*.mjs:
 * `canUserModify`, each document's `#canCreate`/`#canUpdate`, `testUserPermission`). Fray sends
 * what a player may not write to the active GM (`askGM` in src/relay/gm-relay.ts, handlers in
 * the gm/ folders). This test scans every `.ts` file under src/ for calls of Foundry's writing methods
 * (`WRITE_METHODS`) and holds one row per site in `WRITES`, saying who runs it and why Foundry
 * allows it there:
 * - `gm`: runs only on a GM's client (a `registerRequest` handler, a hook or Combat lifecycle
 *   method that runs on the active GM only, or UI that checks `game.user.isGM`);
 * - `player`: runs on the acting user's own client, reached only through owner-gated UI (its
 *   sheet, its card, its combatant), writing what that owner may write; a GM, who owns
 *   everything, may take the same path;
 * - `either`: shared code reached both ways: by a player for its own documents and by GM-only
 *   paths for anyone's.
 * A site is its file, the nearest enclosing named function (a function, method, accessor, or an
 * arrow/function expression given to a variable or property) and the call's callee text; `count`
 * is how many such calls there are. The pure folders (the engine, each ruleset's rules and
 * runner) are not scanned: they cannot reach Foundry. `NOT_WRITES` holds calls elsewhere with a
 * writing method's name on something that is not a document (none now). `SUSPECT` would hold a write a player's
 * client makes that Foundry refuses (none was found: each player-reachable row names its rule).
 *
 * How to update: when the test names a site that is not in the table, read the call site, find
 * every caller (who reaches it: a sheet, a relay handler, a Combat lifecycle method, a hook) and
 * the Foundry rule (common/documents/<document>.mjs), then add or change the row; a player write
 * Foundry would refuse goes to `SUSPECT` with the reason, and to the GM relay in a fix. A stale
 * row (the code moved or went) is removed or renamed with it; a changed count is re-read.
 */

type Who = "gm" | "player" | "either";
interface Row {
  readonly file: string;
  readonly fn: string;
  readonly call: string;
  readonly count: number;
  readonly who: Who;
  readonly why: string;
}
type NotWrite = Omit<Row, "who">;

/**
 * Foundry methods that write a document (create, update or delete it on the server). Not listed:
 * `updateSource`, which changes only the local copy. `set` counts only on `settings` (a world
 * setting is a Setting document).
 */
const WRITE_METHODS = new Set([
  // common/abstract/document.mjs, client/documents/abstract/client-document.mjs, collections
  "create", "createDocuments", "update", "updateDocuments", "delete", "deleteDocuments",
  "createEmbeddedDocuments", "updateEmbeddedDocuments", "deleteEmbeddedDocuments",
  "setFlag", "unsetFlag", "createDialog", "deleteDialog", "importFromJSON", "updateAll",
  // client/documents/actor.mjs, token.mjs, combatant.mjs; Roll/Card/RollTable#toMessage post one
  "toggleStatusEffect", "modifyTokenAttribute", "rollInitiative", "toMessage", "move",
  "toggleCombatant", "createCombatants", "deleteCombatants", "clearMovementHistory",
  // src/shell/movement/rule-move.ts: a rule's move over `move`
  "moveTokenAsRule",
  // src/shell/chat/post.ts: Fray's one gate to ChatMessage.create; a user's card about an actor
  // and Fray's own notes over it (src/shell/chat/actor-card.ts, table-note.ts)
  "postMessage", "postActorCard", "postNote",
  // src/shell/combat/kept.ts: Fray's gate to the Combat's kept store (`writeKept`, a GM's
  // Combat update), and `FrayTurnCombat#keep` over it
  "keep", "writeKept",
  // …and the reorders' way to it, which also names the turn (`writeKeptOrder`), and escalation's
  // band moves over that (`FrayCombat#moveBands`)
  "writeKeptOrder", "moveBands",
  // …a card's seal or step writing it with its recorder watching (`FrayTurnCombat#keepRecorded`),
  // and a spend the GM writes or a player asks for (`FrayTurnCombat#spendKept`)
  "keepRecorded", "spendKept",
  // client/documents/combat.mjs: each updates the Combat or its combatants
  "startCombat", "endCombat", "nextTurn", "previousTurn", "nextRound", "previousRound",
  "rollAll", "rollNPC", "resetAll", "activate", "toggleSceneLink",
]);

interface Site {
  readonly file: string;
  readonly fn: string;
  readonly call: string;
}

/** The name a node gives the code inside it, if it is a named function-like declaration. */
function nameOf(node: ts.Node, sf: ts.SourceFile): string | null {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isGetAccessor(node)
    || ts.isSetAccessor(node)) && node.name) return node.name.getText(sf);
  if (ts.isConstructorDeclaration(node)) return "constructor";
  const holder = ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)
    || ts.isPropertyDeclaration(node);
  const fn = holder && node.initializer
    && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer));
  return fn ? node.name.getText(sf) : null;
}

/**
 * The write calls in one file, parsed with the TypeScript compiler (so comments and strings
 * never count, and a call split over lines is one call): each call `<receiver>.<method>(…)` whose
 * method is in `WRITE_METHODS`, named by the nearest enclosing named function ("(module)" at top
 * level).
 */
export function scan(file: string, text: string): Site[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Site[] = [];
  const visit = (node: ts.Node, fn: string): void => {
    const inner = nameOf(node, sf) ?? fn;
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const receiver = node.expression.expression.getText(sf).replace(/[\s!?]/g, "");
      if (WRITE_METHODS.has(method) || (method === "set" && /\bsettings$/.test(receiver))) {
        found.push({ file, fn: inner, call: node.expression.getText(sf).replace(/\s+/g, "") });
      }
    } else if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)
      && WRITE_METHODS.has(node.expression.text)) {
      // A function that writes (`postMessage`): each caller is a write site.
      found.push({ file, fn: inner, call: node.expression.text });
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sf, "(module)");
  return found;
}

const root = process.cwd();
const tsFiles = (dir: string): string[] => readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name))
    : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));

const keyOf = (s: Site): string => `${s.file} › ${s.fn} › ${s.call}`;

/**
 * The pure folders: eslint forbids Foundry's globals there (eslint.config.js), so nothing in them
 * can write a document; a writing method's name there is a Set's or Map's. A ruleset's test/
 * folder runs in Node only, never in Foundry.
 */
const PURE = /^src\/(engine\/|rulesets\/[^/]+\/(rules|encounter|test)\/)/;

/** Every write site in src/ outside the pure folders, by key, with how many calls it has. */
function sitesInSrc(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of tsFiles(join(root, "src")).sort()) {
    const file = relative(root, path).split(sep).join("/");
    if (PURE.test(file)) continue;
    for (const site of scan(file, readFileSync(path, "utf8"))) {
      counts.set(keyOf(site), (counts.get(keyOf(site)) ?? 0) + 1);
    }
  }
  return counts;
}

// Foundry's rules and Fray's gates, cited by the rows below.
const SHEET = "a button of the document's sheet: DocumentSheetV2 disables every button of a sheet "
  + "its user does not own (client/applications/api/document-sheet.mjs _onRender, "
  + "_toggleDisabled; editPermission OWNER)";
const ACTOR = "common/documents/actor.mjs #canUpdate: an owner may update its Actor";
const ITEM = "common/documents/item.mjs getUserLevel: an embedded Item has its Actor's ownership, "
  + "and update/delete need OWNER (common/abstract/document.mjs metadata, item.mjs metadata)";
const EFFECT = "common/documents/active-effect.mjs: create/update/delete need OWNER, which an "
  + "effect takes from its Actor (common/abstract/document.mjs getUserLevel)";
const STATUS = "Actor#toggleStatusEffect creates or deletes the actor's status ActiveEffect "
  + "(client/documents/actor.mjs)";
const COMBATANT = "common/documents/combatant.mjs #canUpdate: the owner of a combatant (ownership "
  + "follows its actor, getUserLevel) may update its initiative, flags, defeated and system";
const COMBAT_FLAGS = "common/documents/combat.mjs #canUpdate allows a player only round, turn and "
  + "combatants, so the Combat's flags need a GM";
const MESSAGE = "common/documents/chat-message.mjs: #canCreate lets any PLAYER create a message it "
  + "authors (the author field defaults to the current user)";
const CARD = "the card runtime's request handler (shell/cards/requests.ts), registered with "
  + "registerRequest (relay/gm-relay.ts handle): runs on the active GM";
const SIDES = "only from the group Combat's controls (shell/combat/group-combat.ts: setGroupInitiative, "
  + "clearGroupInitiative, rerollGroupInitiative, resetAll, on the shell's group-initiative.ts; shock's "
  + "sides), which return unless game.user.isGM (the tracker offers them to GMs "
  + "only: its row menu entries' conditions, its initiative box read-only for players); a CombatantGroup "
  + "and other players' combatants need a GM (common/abstract/document.mjs default permissions, "
  + "common/documents/combatant.mjs #canUpdate)";
const RELAY = "registered with registerRequest (relay/gm-relay.ts handle): runs on the active GM";
const KEPT = "the kept store (shell/combat/kept.ts writeKept): throws unless game.user.isGM; "
  + "common/documents/combat.mjs #canUpdate lets only a GM write a Combat's flags";
const TURN = "Foundry calls Combat#_onStartTurn/_onEndTurn/_onStartRound/_onEndRound on the active GM only "
  + "(client/documents/combat.mjs _manageTurnEvents → #triggerTurnEvents)";
const USE = "useAbility runs on its user's client, reached from the Use button (" + SHEET + ") "
  + "or the opportunity button, shown to and re-checked (actor.isOwner) for the attacker's owners "
  + "(chat/event-listeners.ts); a macro calling game.fray.useAbility on an item it does not own "
  + "is refused by Foundry";
const REST = "the rests: the owner's own character sheet (" + SHEET + ") or the GM's party rest "
  + "(applications/party-rest.ts; shell/applications/directory-button.ts adds its button only "
  + "when game.user.isGM)";

/** Every document write in src/, classified. */
export const WRITES = [
  // Create dialogs restricted to the active ruleset's subtypes, and the ruleset-switch notice
  {
    file: "src/shell/setup/ruleset-switch.ts", fn: "registerSwitchNotice", call: "game.settings!.set", count: 1,
    who: "gm", why: "runs only when game.user.isActiveGM; a world setting needs SETTINGS_MODIFY, which GMs have (common/documents/setting.mjs)",
  },
  {
    file: "src/shell/setup/ruleset-switch.ts", fn: "postSwitchCard", call: "ChatMessage.create", count: 1,
    who: "gm", why: "reached only from registerSwitchNotice, which checks game.user.isActiveGM",
  },
  {
    file: "src/shell/setup/item-macros.ts", fn: "assignItemMacro", call: "Macro.implementation.create", count: 1,
    who: "either",
    why: "the hotbarDrop hook on the dropping user's client, for an item it dragged from a sheet it may edit "
      + "(ActorSheetV2 _canDragStart: isEditable); a script Macro needs the MACRO_SCRIPT permission, which "
      + "players have by default (common/constants.mjs USER_PERMISSIONS), as for Foundry's own drop macro "
      + "(client/applications/ui/hotbar.mjs _createDocumentSheetToggle)",
  },
  // Sheets: what every ruleset's sheets write (the shell's sheet kit), then each ruleset's own
  {
    file: "src/shell/applications/sheet-kit.ts", fn: "editList", call: "(this.documentasWritable).update",
    count: 1, who: "player",
    why: `${SHEET} (it returns unless isEditable: the sheet's editPermission, OWNER); the list field of `
      + `the sheet's own document: ${ACTOR}; ${ITEM} (a world Item needs OWNER of itself)`,
  },
  {
    file: "src/shell/applications/sheet-kit.ts", fn: "#onDeleteItem",
    call: "this.itemFrom(target)?.deleteDialog", count: 1, who: "player",
    why: `${SHEET}; deleteDialog confirms, then deletes (client-document.mjs); ${ITEM}`,
  },
  {
    file: "src/shell/applications/sheet-kit.ts", fn: "#onToggleStatus",
    call: "(this.documentasKitActor).toggleStatusEffect", count: 1, who: "player",
    why: `${SHEET}; ${STATUS}; ${EFFECT}`,
  },
  {
    file: "src/rulesets/escalation/foundry/applications/actor-sheet.ts", fn: "restoreAbility",
    call: "itemOf(sheet,target)?.update", count: 1, who: "player", why: `${SHEET}; ${ITEM}`,
  },
  {
    file: "src/rulesets/phases/foundry/applications/item-sheets.ts", fn: "effectOnMiss",
    call: "sheet.document.update", count: 1, who: "player",
    why: `${SHEET} (it returns unless isEditable: the sheet's editPermission, OWNER); an attack `
      + `power's own effects list: ${ITEM}`,
  },
  {
    file: "src/rulesets/wounds/foundry/applications/actor-sheet.ts", fn: "removeWound",
    call: "effect.delete", count: 1, who: "player",
    why: `${SHEET} (it returns unless isEditable: the sheet's editPermission, OWNER); the wound is `
      + `one of the actor's own ActiveEffects: ${EFFECT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/applications/item-sheets.ts", fn: "attachFocus",
    call: "sheet.document.update", count: 1, who: "player",
    why: `a field of the document's sheet (it returns unless isEditable: the sheet's `
      + `editPermission, OWNER); a Weapon Focus feat's own weapons list: ${ITEM}`,
  },
  // Combat tracker (GM controls)
  {
    file: "src/rulesets/escalation/foundry/applications/combat-tracker.ts", fn: "toggleAmbush", call: "combat.setFlag", count: 1,
    who: "gm", why: `the ambush button, a \`gm\` action: the shell's tracker (tracker/app.ts press) runs it only when game.user.isGM; ${COMBAT_FLAGS}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "markActions", call: "this.keep",
    count: 1, who: "gm",
    why: "the GM's pip override (flipAction, `flipSlot`: the shell's tracker runs its pip action as a `gm` action, "
      + "only when game.user.isGM; players' pips are disabled buttons) and the stabilise/grantSave requests' "
      + `refund (helped, ${RELAY}); ${KEPT}`,
  },
  // Chat: cards and events
  // The shell's card runtime and claims (shell/cards, shell/gm)
  {
    file: "src/shell/documents/actor.ts", fn: "createDialog", call: "super.createDialog", count: 2,
    who: "either",
    why: "Foundry's own create flow (client-document.mjs createDialog), restricted to the ruleset's "
      + "subtypes: the server's Actor create permission (common/documents/actor.mjs, ACTOR_CREATE) decides",
  },
  {
    file: "src/shell/documents/item.ts", fn: "createDialog", call: "super.createDialog", count: 2,
    who: "either",
    why: "Foundry's own create flow (client-document.mjs createDialog), restricted to the ruleset's "
      + "subtypes: the server's Item create permission (common/documents/item.mjs, ITEM_CREATE or "
      + "owning the parent actor) decides",
  },
  {
    file: "src/shell/chat/post.ts", fn: "postMessage", call: "ChatMessage.create", count: 1, who: "either",
    why: "the gate every caller's own row classifies (postMessage is a write method here); "
      + "common/documents/chat-message.mjs #canCreate: any player creates a message it authors",
  },
  {
    file: "src/shell/chat/actor-card.ts", fn: "postActorCard", call: "postMessage", count: 1,
    who: "either",
    why: "a gate like postMessage (postActorCard is a write method here): each caller's row "
      + "classifies it; common/documents/chat-message.mjs #canCreate: any player creates a message "
      + "it authors",
  },
  {
    file: "src/shell/chat/table-note.ts", fn: "postNote", call: "postMessage", count: 1,
    who: "either",
    why: "a gate like postMessage (postNote is a write method here): each caller's row classifies "
      + "it; common/documents/chat-message.mjs #canCreate: any player creates a message it authors",
  },
  {
    file: "src/shell/offers/runtime.ts", fn: "postOffer", call: "ChatMessage.create", count: 1, who: "gm",
    why: "returns unless game.user.isGM: the GM's prompt (escalation's and shock's offers, posted from "
      + "registerRequest handlers and the active GM's movement watch)",
  },
  {
    file: "src/shell/offers/runtime.ts", fn: "reviseOffer", call: "message.update", count: 1, who: "gm",
    why: "returns unless game.user.isGM and the message is a GM's offer prompt: phases' End phase card "
      + "rewritten by the phasesSaves request's handler (registerRequest: the active GM); "
      + "common/documents/chat-message.mjs #canUpdate: a GM may update any message",
  },
  {
    file: "src/shell/dice/shown-rolls.ts", fn: "show", call: "cls.create", count: 1, who: "either",
    why: "a roll message posted by whoever rolled (common/documents/chat-message.mjs #canCreate: any "
      + "player may create a message it authors); shock's GM steps call it on the active GM",
  },
  {
    file: "src/shell/cards/migration.ts", fn: "migrateCards", call: "game.settings?.set", count: 1, who: "gm",
    why: "the ready hook runs it only when game.user.isActiveGM; a world setting needs SETTINGS_MODIFY",
  },
  {
    file: "src/shell/combat/ledger-migration.ts", fn: "migrateLedgers", call: "combat.setFlag",
    count: 1, who: "gm",
    why: "the ready hook runs it only when game.user.isActiveGM; a GM may update any Combat",
  },
  {
    file: "src/shell/gm/migration.ts", fn: "migrateOnce", call: "game.settings?.set",
    count: 1, who: "gm",
    why: "the ledger and kept migrations, whose ready hooks run them only when game.user.isActiveGM; "
      + "a world setting needs SETTINGS_MODIFY",
  },
  {
    file: "src/shell/cards/migration.ts", fn: "migrateCard", call: "message.update", count: 2, who: "gm",
    why: "only from migrateCards (the ready hook returns unless game.user.isActiveGM)",
  },
  {
    file: "src/shell/cards/prompts.ts", fn: "takePrompt", call: "message.update", count: 1, who: "gm",
    why: `from the opportunity handlers (${RELAY}) and the GM's own morale button (rollMorale returns `
      + "unless game.user.isGM); a prompt is a GM's message, which any GM may update",
  },
  {
    file: "src/shell/cards/recorder.ts", fn: "makeWrites",
    call: "doc?.update", count: 2, who: "either",
    why: `undoing a recorded card step (undoStep, putBack), only inside ${CARD}, or putting back `
      + "a GM request's writes (shell/gm/put-back.ts withPutBack, in its GM handler); with or "
      + "without the options the watch named; on a player's client only putBack of what its own "
      + `use-ability pay wrote (the used mark and Power of its own item and actor: ${ITEM}; ${ACTOR})`,
  },
  {
    file: "src/shell/cards/recorder.ts", fn: "makeWrites",
    call: "(docasunknownas{delete():Promise<unknown>}|null)?.delete", count: 1, who: "gm",
    why: `undoing a recorded card step (undoStep, putBack), only inside ${CARD}`,
  },
  {
    file: "src/shell/cards/recorder.ts", fn: "makeWrites", call: "parent?.createEmbeddedDocuments", count: 1,
    who: "gm", why: `undoing a recorded card step (undoStep, putBack), only inside ${CARD}`,
  },
  {
    file: "src/shell/cards/requests.ts", fn: "runCardRequest", call: "message.update", count: 1, who: "gm",
    why: `${CARD}; the card is the GM's since its seal (its author), and its records are GM-only`,
  },
  {
    file: "src/shell/cards/requests.ts", fn: "undoStep", call: "context.message.update", count: 1, who: "gm",
    why: `called only by card kinds' undo steps, inside ${CARD}`,
  },
  {
    file: "src/shell/cards/takeover.ts", fn: "sealCard", call: "message.update", count: 2, who: "gm",
    why: "returns unless game.user.isActiveGM; a GM may update any message and set its author "
      + "(dist/database/sanitization.mjs sanitizeDocumentAuthorField)",
  },
  {
    file: "src/shell/gm/claim.ts", fn: "claimOnce", call: "user.update", count: 1, who: "gm",
    why: "returns unless game.user.isGM; a user may update its own User (common/documents/user.mjs "
      + "#canUpdate), and no player may update a GM's",
  },
  {
    file: "src/shell/gm/claim.ts", fn: "releaseClaim", call: "user.update", count: 1, who: "gm",
    why: "returns unless game.user.isGM; its own User (common/documents/user.mjs #canUpdate)",
  },
  {
    file: "src/shell/gm/claim.ts", fn: "claimOnDocument",
    call: "(docasunknownas{update(d:object,o?:object):Promise<unknown>}).update", count: 1,
    who: "gm",
    why: "called by takePrompt (registerRequest handlers, the isGM morale button), the card "
      + "request runner and shock's linkSnap, all on the active GM after the card is sealed: a "
      + "GM writes a GM's message",
  },
  {
    file: "src/shell/gm/claim.ts", fn: "releaseDocumentClaim",
    call: "(docasunknownas{update(d:object,o?:object):Promise<unknown>}).update", count: 1,
    who: "gm",
    why: "called only by the card request runner (a registerRequest handler) on a sealed card: "
      + "a GM writes a GM's message",
  },
  {
    file: "src/rulesets/escalation/foundry/chat/dice.ts", fn: "postEvent", call: "postMessage", count: 1, who: "either",
    why: `${MESSAGE}; players post their own rests, death saves, Rally, recoveries and Confused `
      + "notes; the active GM posts turn, relay and opportunity cards",
  },
  {
    file: "src/rulesets/escalation/foundry/chat/use-ability.ts", fn: "postAbilityCard", call: "postActorCard",
    count: 1, who: "player", why: `${USE}; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/use-ability.ts", fn: "postAttackCard", call: "postActorCard",
    count: 1, who: "player", why: `${USE}; ${MESSAGE}`,
  },
  // Using an ability: paying and refunding on the user's own documents
  {
    file: "src/rulesets/escalation/foundry/chat/use-ability.ts", fn: "pay", call: "item.update", count: 1, who: "player",
    why: `${USE}; the item is the used ability, on the user's actor: ${ITEM}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/use-ability.ts", fn: "pay", call: "actor.update", count: 1, who: "player",
    why: `${USE}; the Power of the user's own actor: ${ACTOR}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/use-extras.ts", fn: "startSustain", call: "actor.createEmbeddedDocuments",
    count: 1, who: "player", why: `${USE}; the sustain marker on the user's own actor: ${EFFECT}`,
  },
  // Death saves, recoveries, rests, Rally
  {
    file: "src/rulesets/escalation/foundry/chat/death-save.ts", fn: "rollDeathSave", call: "actor.update", count: 1,
    who: "either",
    why: `the owner's sheet button (${SHEET}) and the tracker entry shown to the actor's owners `
      + `(tracker-menu.ts actor.isOwner): ${ACTOR}; the active GM at turn start (onTurnStart: `
      + `${TURN}) and for grantSave (${RELAY})`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/death-save.ts", fn: "stabilizeActor", call: "actor.update", count: 1,
    who: "gm", why: `only the stabilise request calls it (gm/combat-requests.ts), ${RELAY}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/death-save.ts", fn: "startLastGaspSaves", call: "actor.update", count: 1,
    who: "gm",
    why: `the apply request (gm/apply.ts), ${RELAY}; and the tracker entry shown only when `
      + "game.user.isGM (tracker-menu.ts)",
  },
  {
    file: "src/rulesets/escalation/foundry/chat/recovery.ts", fn: "healWithActorRecovery", call: "actor.update", count: 1,
    who: "either",
    why: "players heal their own character (sheet Spend Recovery, Rally, a death save's heal): "
      + `${ACTOR}; the heal request heals a card's targets (gm/heal.ts), ${RELAY}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/rest.ts", fn: "restoreItems", call: "actor.updateEmbeddedDocuments",
    count: 1, who: "either", why: `${REST}; ${ITEM}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/rest.ts", fn: "quickRestLines", call: "actor.update", count: 1, who: "either",
    why: `${REST}; ${ACTOR}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/rest.ts", fn: "fullRestLine", call: "actor.update", count: 1, who: "either",
    why: `${REST}; ${ACTOR}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/rally.ts", fn: "rally", call: "effect.delete", count: 1, who: "player",
    why: `the character sheet's Rally button (${SHEET}); the effect is one of that actor's own `
      + `(its timedEffects): ${EFFECT}`,
  },
  // Fight in Spirit, Flee, sustaining, moves
  {
    file: "src/rulesets/escalation/foundry/chat/party-actions.ts", fn: "fightInSpirit", call: "ally.createEmbeddedDocuments",
    count: 1, who: "gm",
    why: `only the spirit request calls it (gm/combat-requests.ts), ${RELAY}; the ally's effects `
      + `are not the giver's (${EFFECT})`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/party-actions.ts", fn: "endSpiritBoons",
    call: "c.actor?.deleteEmbeddedDocuments", count: 1, who: "gm",
    why: `only from onTurnStart, FrayCombat._onStartTurn: ${TURN}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/party-actions.ts", fn: "flee", call: "combat.delete", count: 1, who: "gm",
    why: "only the tracker's Flee button, a `gm` action the shell's tracker runs only when game.user.isGM; deleting a Combat "
      + "needs ASSISTANT (common/abstract/document.mjs metadata.permissions.delete)",
  },
  {
    file: "src/rulesets/escalation/foundry/chat/sustain.ts", fn: "sustainAbility", call: "marker.update", count: 1, who: "gm",
    why: `only the sustain request calls sustainAbility (gm/combat-requests.ts), ${RELAY}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/sustain.ts", fn: "sustainAbility", call: "marker.delete", count: 1, who: "gm",
    why: `only the sustain request calls sustainAbility (gm/combat-requests.ts), ${RELAY}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/sustain.ts", fn: "expireUnsustained", call: "e.delete", count: 1, who: "gm",
    why: `only from onTurnEnd, FrayCombat._onEndTurn: ${TURN}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/sustain.ts", fn: "holdOrEnd", call: "actor.updateEmbeddedDocuments", count: 1,
    who: "gm", why: `from sustainAbility (the sustain request, ${RELAY}); the targets' effects`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/sustain.ts", fn: "holdOrEnd", call: "actor.deleteEmbeddedDocuments", count: 1,
    who: "gm", why: `from sustainAbility (the sustain request, ${RELAY}); the targets' effects`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/movement.ts", fn: "forgetPopOffs", call: "combat.setFlag", count: 1, who: "gm",
    why: `from the moveToken hook, which returns unless game.user.isActiveGM; ${COMBAT_FLAGS}`,
  },
  // Turn events (FrayCombat.turnEvents and the source-down watch)
  {
    file: "src/rulesets/escalation/foundry/chat/turn-events.ts", fn: "onTurnStart", call: "actor.update", count: 1, who: "gm",
    why: `FrayCombat.turnEvents.start, called from _onStartTurn: ${TURN}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/turn-events.ts", fn: "onTurnEnd", call: "bearer?.effects.get(e.key)?.update",
    count: 1, who: "gm", why: `FrayCombat.turnEvents.end, called from _onEndTurn: ${TURN}`,
  },
  {
    file: "src/rulesets/escalation/foundry/chat/turn-events.ts", fn: "deleteEffects", call: "actor.deleteEmbeddedDocuments",
    count: 1, who: "gm",
    why: `from onTurnEnd (${TURN}), onSourceDown (gm/source-down.ts hooks return unless `
      + "game.user.isActiveGM) and onCombatEnd (FrayCombat._onDelete checks isActiveGM)",
  },
  {
    file: "src/rulesets/escalation/foundry/chat/turn-events.ts", fn: "onCombatEnd", call: "actor.update", count: 1, who: "gm",
    why: "FrayCombat._onDelete calls it only when game.user.isActiveGM",
  },
  // FrayActor
  {
    file: "src/rulesets/escalation/foundry/documents/actor.ts", fn: "changeHp", call: "this.update", count: 1, who: "either",
    why: `a player's Confused self-damage on its own actor (useAbility's confusedCheck): `
      + `${ACTOR}; the apply request (gm/apply.ts, ${RELAY}) and ongoing damage `
      + `(onTurnEnd: ${TURN})`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/actor.ts", fn: "restoreHp", call: "this.update", count: 1, who: "gm",
    why: `only the apply request's undo and roll-back (gm/apply.ts), ${RELAY}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/actor.ts", fn: "syncHealthStatuses", call: "this.toggleStatusEffect",
    count: 3, who: "either",
    why: "after each HP or death-track write: a player's on its own actor (Confused, death saves, "
      + `recoveries, rests, Rally) and the GM's (apply, heal, turn events); ${STATUS}; ${EFFECT}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/actor.ts", fn: "addTimedEffects", call: "this.createEmbeddedDocuments",
    count: 1, who: "gm", why: `only the apply request (gm/apply.ts), ${RELAY}`,
  },
  // Engagement overrides (Combat flags)
  {
    file: "src/rulesets/escalation/foundry/documents/combat-engagement.ts", fn: "toggleEngagementIn", call: "combat.setFlag",
    count: 1, who: "gm",
    why: `only the tracker entry shown when game.user.isGM (tracker-menu.ts); ${COMBAT_FLAGS}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat-engagement.ts", fn: "popOffIn", call: "combat.setFlag", count: 1,
    who: "gm",
    why: `only from disengage, which only the disengage request calls, ${RELAY}; ${COMBAT_FLAGS}`,
  },
  // The turn-scheme Combat base (every ruleset's Combat extends it)
  {
    file: "src/shell/combat/turn-combat.ts", fn: "nextTurn", call: "super.nextTurn", count: 2,
    who: "either",
    why: "Foundry's tracker offers Next Turn to the GM and End Turn to the players of the current "
      + "combatant (client/applications/sidebar/tabs/combat-tracker.mjs _prepareCombatContext, "
      + "footer.hbs); common/documents/combat.mjs #canUpdate lets a player change round and turn "
      + "(_canChangeRound/_canChangeTurn return true)",
  },
  {
    file: "src/shell/combat/turn-combat.ts", fn: "nextTurn", call: "this.nextRound", count: 1,
    who: "either",
    why: "the surprise round's last combatant who acts in it ends its turn, from the same controls "
      + "as Next Turn; common/documents/combat.mjs #canUpdate lets a player change round and turn",
  },
  // A stepped round's Combat (shell/combat/stepped-combat.ts): Foundry's own controls
  {
    file: "src/shell/combat/stepped-combat.ts", fn: "nextRound", call: "super.nextRound", count: 2,
    who: "either",
    why: "Next Round is the GM's, and a player's End Turn on the round's last turn reaches it "
      + "through core's nextTurn (client/documents/combat.mjs); it writes only round and turn, which "
      + "common/documents/combat.mjs #canUpdate lets a player change",
  },
  {
    file: "src/shell/combat/stepped-combat.ts", fn: "previousTurn", call: "super.previousTurn", count: 1,
    who: "either",
    why: "Foundry's tracker offers Previous Turn to the GM and to the current combatant's players "
      + "(client/applications/sidebar/tabs/combat-tracker.mjs _prepareCombatContext); round and turn "
      + "only, which common/documents/combat.mjs #canUpdate lets a player change",
  },
  {
    file: "src/shell/combat/stepped-combat.ts", fn: "previousTurn", call: "this.update", count: 1,
    who: "either",
    why: "the same Previous Turn control, back into the round's opening step or the last round's "
      + "last turn: an update of round and turn only (common/documents/combat.mjs #canUpdate); "
      + "the GM's turn guard (turn-guard.ts) judges a player's as for core's own",
  },
  {
    file: "src/shell/combat/turn-combat.ts", fn: "writeTurnOrder", call: "this.updateEmbeddedDocuments", count: 1,
    who: "gm",
    why: "shock's actNext, which only its request calls (gm/combat-requests.ts), "
      + `${RELAY}; shock's side controls (${SIDES}); it renumbers other players' combatants `
      + `(${COMBATANT})`,
  },
  {
    file: "src/shell/combat/turn-combat.ts", fn: "writeKeptOrder", call: "writeKept", count: 1,
    who: "gm",
    why: `a reorder of kept fields with the turn it keeps, from escalation's #writeOrder; ${KEPT}`,
  },
  {
    file: "src/shell/movement/rule-move.ts", fn: "shiftToken", call: "moveTokenAsRule", count: 1,
    who: "gm", why: "a rule's move (a Shove's push back, an interceptor to its spot) from a card's "
      + "seal or step, run on the game.user.isActiveGM client (shell/cards/takeover.ts, requests.ts); "
      + "watched by its recorder",
  },
  {
    file: "src/rulesets/action-points/foundry/gm/moves.ts", fn: "afterMove", call: "moveTokenAsRule",
    count: 1,
    who: "gm", why: "a player's unpaid move put back, from a movement watch `after` rule, which runs "
      + "only when game.user.isActiveGM (shell/movement/watch.ts)",
  },
  {
    file: "src/shell/combat/turn-guard.ts", fn: "restoreTurn", call: "combat.update", count: 1,
    who: "gm",
    why: "puts back a player's forged turn change, from _manageTurnEvents when game.user.isActiveGM " +
      "(refusedTurnChange; client/documents/combat.mjs _onUpdate)",
  },
  {
    file: "src/shell/combat/edge-combat.ts", fn: "#claim", call: "this.setFlag", count: 1, who: "gm",
    why: `the turn ledger, from _onStartTurn/_onEndTurn/_onStartRound/_onEndRound: ${TURN}`,
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "writeEconomy", call: "this.keep", count: 1, who: "gm",
    why: `the economy's reset at a turn or round edge (#turnEdge, #roundEdge), kept fields: ${TURN}`,
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "writeEconomy", call: "this.updateEmbeddedDocuments", count: 1,
    who: "gm", why: `the economy's reset at an edge, fields a ruleset does not keep (none now): ${TURN}`,
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "keep", call: "writeKept", count: 1, who: "gm",
    why: `FrayTurnCombat#keep, the rulesets' one way to the kept store; ${KEPT}`,
  },
  {
    file: "src/shell/combat/kept.ts", fn: "writeKept", call: "combat.update", count: 1, who: "gm",
    why: KEPT,
  },
  {
    file: "src/shell/combat/kept-spend.ts", fn: "performSpend", call: "writeKept", count: 2, who: "gm",
    why: `the keptSpend request's handler (a player's spend, re-checked by the ruleset's spendPatch, and put `
      + `back when the verdict's own work throws), ${RELAY}`,
  },
  {
    file: "src/shell/combat/kept-spend.ts", fn: "performRefund", call: "writeKept", count: 1, who: "gm",
    why: `the keptRefund request's handler (the GM's receipt of the player's last spend), ${RELAY}`,
  },
  {
    file: "src/shell/combat/kept-migration.ts", fn: "migrateKept", call: "combat.update",
    count: 1, who: "gm",
    why: "the ready hook runs it only when game.user.isActiveGM; a GM may update any Combat",
  },
  {
    file: "src/shell/combat/kept-lifecycle.ts", fn: "joinKept", call: "combat.keep", count: 1, who: "gm",
    why: "returns unless game.user.isActiveGM (the createCombatant hook, or the ready hook's catch-up "
      + `after the migration), claimed once on the GM's User; ${KEPT}`,
  },
  {
    file: "src/shell/combat/turn-combat.ts", fn: "#guardCombatants", call: "this.update", count: 1,
    who: "gm", why: "only when game.user.isActiveGM and the operation's user is no GM: a combatTurn "
      + "that is no number moved the server's turn but no client's, so the GM writes its own back "
      + `(diff false, no turn events); ${TURN}`,
  },
  {
    file: "src/shell/combat/kept-lifecycle.ts", fn: "joinKept", call: "c.delete", count: 1, who: "gm",
    why: "a player's second combatant for a unit still in the started fight is removed; the same "
      + "game.user.isActiveGM check and claim as the keep below; a GM may delete any Combatant",
  },
  {
    file: "src/shell/combat/kept-lifecycle.ts", fn: "joinKept", call: "combat.update", count: 1, who: "gm",
    why: "deletes the entry a combatant for the same token left behind, once taken back; the same "
      + `active-GM check and claim as the keep above; ${COMBAT_FLAGS}`,
  },
  {
    file: "src/shell/combat/kept-lifecycle.ts", fn: "pruneKept", call: "combat.update", count: 1, who: "gm",
    why: "deletes a gone combatant's kept entry and receipt (left behind by its token in a started "
      + "fight); returns unless game.user.isActiveGM (the "
      + `deleteCombatant hook, or the ready hook's catch-up), each claimed once on the GM's User; ${COMBAT_FLAGS}`,
  },
  {
    file: "src/rulesets/shock/foundry/documents/combat.ts", fn: "onTurnEdge", call: "this.keep", count: 1,
    who: "gm", why: `Total Defense and screens end at the bearer's turn start: ${TURN}`,
  },
  // FrayCombat
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "toggleAmbusher", call: "this.setFlag", count: 1,
    who: "gm",
    why: `only the tracker entry shown when game.user.isGM (tracker-menu.ts); ${COMBAT_FLAGS}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "adjustEscalation", call: "this.setFlag", count: 1,
    who: "gm",
    why: "only the tracker's escalation buttons, `gm` actions the shell's tracker runs only when game.user.isGM; "
      + COMBAT_FLAGS,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "rollInitiative", call: "this.updateEmbeddedDocuments",
    count: 1, who: "either",
    why: "Foundry's tracker shows a player the roll button only on combatants it owns (tracker.hbs "
      + "isOwner); the GM's Roll All/Roll NPCs/Reroll are GM controls; sets initiative: "
      + COMBATANT,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "keep", call: "super.keep", count: 1,
    who: "gm", why: `FrayCombat#keep for fields that do not move the turn order (the actions); ${KEPT}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "#writeOrder", call: "this.writeKeptOrder",
    count: 1, who: "gm",
    why: "from keep (GM only, see its rows and the kept lifecycle's join), moveBands (a GM's typed "
      + "initiative) and shiftInGroup, delayCombatant and takeReadiedAction, which only their requests "
      + `call (gm/combat-requests.ts), ${RELAY}; ${KEPT}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "#writeOrder",
    call: "this.updateEmbeddedDocuments", count: 1, who: "gm",
    why: "after this.writeKeptOrder in the same GM-only paths (a player's client would have thrown "
      + `there): the initiative shown for the bands written, on other players' combatants (${COMBATANT})`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combatant.ts", fn: "_preUpdate", call: "combat.moveBands",
    count: 1, who: "gm",
    why: `only when game.user.isGM (a GM typing an initiative in the tracker); ${KEPT}`,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combatant.ts", fn: "_onUpdate", call: "this.update",
    count: 1, who: "gm",
    why: "only when game.user.isActiveGM: puts back the initiative a player wrote on its combatant; "
      + COMBATANT,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "spendAction", call: "this.keep", count: 1, who: "gm",
    why: "after `if (!game.user?.isGM) return this.#ask(…)`: a player's spend (useAbility's pay, Rally) is the "
      + `keptSpend request; the GM spends for the sustain, disengage, stabilise and grantSave requests, ${RELAY}; `
      + KEPT,
  },
  {
    file: "src/rulesets/escalation/foundry/documents/combat.ts", fn: "spendCoupDeGrace", call: "this.keep", count: 1,
    who: "gm", why: `after \`if (!game.user?.isGM) return this.#ask(…)\` (a player's is the keptSpend request); ${KEPT}`,
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "giveBack", call: "this.keep", count: 1, who: "gm",
    why: `only when game.user.isGM (a player's refund is the keptRefund request); ${KEPT}`,
  },
  // GM handlers
  // shock: documents
  {
    file: "src/rulesets/shock/foundry/documents/actor.ts", fn: "changeHp", call: "this.update", count: 1, who: "gm",
    why: `only the shock apply and morale requests (shock/foundry/gm/), ${RELAY}, and the grapple damage at a round's end (ShockCombat.onRoundEdge: ${TURN})`,
  },
  {
    file: "src/rulesets/shock/foundry/documents/actor.ts", fn: "stabilise", call: "this.update", count: 1, who: "gm",
    why: `only the shock first-aid request (shock/foundry/gm/), ${RELAY}`,
  },
  {
    file: "src/rulesets/shock/foundry/documents/actor.ts", fn: "syncHealthStatuses", call: "this.toggleStatusEffect",
    count: 2, who: "either",
    why: "from _onUpdate, only on the client of the user who made the HP change (userId === game.user.id): "
      + `an owner editing its own actor's HP (${SHEET}; ${ACTOR}) or the GM's requests (${RELAY}); ${STATUS}; ${EFFECT}`,
  },
  {
    file: "src/rulesets/shock/foundry/documents/combat.ts", fn: "rollInitiative", call: "this.updateEmbeddedDocuments",
    count: 1, who: "gm", why: "returns unless game.user.isGM (players' rolls go to the GM's shockInitiative "
      + "request); sets other players' combatants' group (common/documents/combatant.mjs #canUpdate)",
  },
  {
    file: "src/rulesets/shock/foundry/documents/combat.ts", fn: "#rollSides", call: "this.createEmbeddedDocuments",
    count: 1, who: "gm", why: "only from rollInitiative, which returns unless game.user.isGM; creating a "
      + "CombatantGroup needs ASSISTANT (common/abstract/document.mjs default permissions)",
  },
  {
    file: "src/rulesets/shock/foundry/documents/combat.ts", fn: "postGroupRolls", call: "postNote", count: 1,
    who: "gm", why: `only from #rollSides and rerollGroupInitiative, reached only on a GM's client (rollInitiative `
      + `returns unless game.user.isGM; ${SIDES}); ${MESSAGE}`,
  },
  {
    file: "src/shell/combat/group-initiative.ts", fn: "reorderGroups", call: "g.update", count: 1,
    who: "gm", why: SIDES,
  },
  {
    file: "src/shell/combat/group-initiative.ts", fn: "setGroupTotal", call: "group.update", count: 1,
    who: "gm", why: SIDES,
  },
  {
    file: "src/shell/combat/group-initiative.ts", fn: "clearGroup", call: "group.update", count: 1,
    who: "gm", why: SIDES,
  },
  {
    file: "src/shell/combat/group-initiative.ts", fn: "rerollGroups", call: "r.group.update", count: 1,
    who: "gm", why: SIDES,
  },
  {
    file: "src/shell/combat/group-initiative.ts", fn: "resetGroups",
    call: "combat.deleteEmbeddedDocuments", count: 1, who: "gm", why: SIDES,
  },
  {
    file: "src/rulesets/shock/foundry/documents/combat.ts", fn: "spend", call: "this.keep", count: 1, who: "gm",
    why: "after `if (!game.user?.isGM) { await askKept(…) }`: a player's spend (sheet and attack dialog) is the "
      + "keptSpend request; the GM spends for the reaction request, first aid, breaking free and carrying "
      + `(their requests), ${RELAY}; ${KEPT}`,
  },
  // shock: sheets, attack flow, GM handlers
  {
    file: "src/rulesets/shock/foundry/chat/attack.ts", fn: "attackWith", call: "postActorCard", count: 1,
    who: "player", why: `the Attack button of the attacker's sheet (${SHEET}); ${MESSAGE}`,
  },
  {
    file: "src/rulesets/shock/foundry/chat/morale.ts", fn: "postOffer", call: "postNote", count: 1,
    who: "gm", why: `from offerMorale, which only the shock apply request calls (gm/apply.ts, ${RELAY}), and `
      + "callMorale, which throws unless game.user.isGM",
  },
  {
    file: "src/rulesets/shock/foundry/chat/morale.ts", fn: "rollMorale", call: "combat.updateEmbeddedDocuments", count: 1,
    who: "gm", why: "returns unless game.user.isGM (the morale button is removed for players too)",
  },
  {
    file: "src/rulesets/shock/foundry/chat/morale.ts", fn: "rollMorale", call: "combat.keep", count: 1,
    who: "gm", why: `the fled marks of a broken group; returns unless game.user.isGM; ${KEPT}`,
  },
  {
    file: "src/rulesets/shock/foundry/chat/morale.ts", fn: "rollMorale", call: "message.update", count: 1,
    who: "gm", why: "returns unless game.user.isGM; the offer is a GM's message (common/documents/chat-message.mjs)",
  },
  {
    file: "src/rulesets/shock/foundry/chat/morale.ts", fn: "setGroupMorale", call: "combat.setFlag", count: 1,
    who: "gm", why: "throws unless game.user.isGM (reached from the morale prompt's and the tracker's GM-only "
      + "controls); Foundry refuses a player's Combat flags anyway (common/documents/combat.mjs #canUpdate: "
      + "players change only round, turn and combatants)",
  },
  {
    file: "src/rulesets/shock/foundry/gm/apply.ts", fn: "deal", call: "combat.keep", count: 1, who: "gm",
    why: `the shockApply request (performApply), ${RELAY}: the target's shield use; ${KEPT}`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/apply.ts", fn: "knockOut", call: "target.toggleStatusEffect", count: 1,
    who: "gm", why: `from deal (the shockApply request, performApply), ${RELAY}: a non-lethal execution's `
      + "failed save puts Foundry's unconscious status on the target",
  },
  {
    file: "src/rulesets/shock/foundry/gm/apply.ts", fn: "knockOut", call: "target.update", count: 1, who: "gm",
    why: `from deal (the shockApply request, performApply), ${RELAY}: the knocked-out target's HP to 0 `
      + "and a PC's marks (not dying)",
  },
  {
    file: "src/rulesets/shock/foundry/gm/apply.ts", fn: "markFall", call: "combatant.update", count: 1, who: "gm",
    why: `from deal (the shockApply request, ${RELAY}) and grappleRoundEnd (ShockCombat.onRoundEdge: ${TURN}): `
      + "the fallen target's defeated mark",
  },
  {
    file: "src/rulesets/shock/foundry/gm/apply.ts", fn: "markFall", call: "combat.keep", count: 1, who: "gm",
    why: `from deal (the shockApply request, ${RELAY}) and grappleRoundEnd (ShockCombat.onRoundEdge: ${TURN}): `
      + `the fallen target's fall round; ${KEPT}`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/grapple.ts", fn: "writeHolds", call: "combat.keep", count: 1,
    who: "gm", why: `from the shockManeuver and shockBreakFree requests (${RELAY}) and grappleRoundEnd `
      + `(ShockCombat.onRoundEdge: ${TURN}): both combatants' grapple marks`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/grapple.ts", fn: "performBreakFree", call: "postNote", count: 1,
    who: "gm", why: `the shockBreakFree request's handler, ${RELAY}: its grapple card`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/grapple.ts", fn: "grappleRoundEnd", call: "postNote", count: 1,
    who: "gm", why: `ShockCombat.roundEnd, called from _onEndRound: ${TURN}; the round's grapple card`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/carry.ts", fn: "performCarry", call: "postNote", count: 1,
    who: "gm", why: `the shockCarry request's handler, ${RELAY}: its grapple card`,
  },
  {
    file: "src/shell/combat/initiative-request.ts", fn: "registerInitiativeRequest",
    call: "fray.rollInitiative",
    count: 1, who: "gm", why: `the rollInitiative request's handler (every ruleset's), ${RELAY}`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/combat-requests.ts", fn: "firstAid", call: "postNote", count: 1,
    who: "gm", why: `the shockFirstAid request's handler, ${RELAY}`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/seal.ts", fn: "linkSnap", call: "first.update", count: 1, who: "gm",
    why: "from sealFor, in registerSealing's createChatMessage hook, which returns unless game.user.isActiveGM; "
      + "links a granted snap to its card in the answered card's GM-only ledger",
  },
  {
    file: "src/rulesets/shock/foundry/gm/window.ts", fn: "applyEffects", call: "combat.keep",
    count: 1, who: "gm", why: "from openOnCard (the seal, gm/seal.ts, whose createChatMessage hook returns unless "
      + `game.user.isActiveGM) and playOnCard (the react step, ${RELAY}): the declared screeners' attackers this round`,
  },
  {
    file: "src/rulesets/shock/foundry/cards/legacy-window.ts", fn: "reopenLegacyCard", call: "message.update",
    count: 1, who: "gm", why: "the shock card kind's `upgrade`, run only by migrateCards (the ready hook returns "
      + "unless game.user.isActiveGM) on a card the GM took over: its window in its GM-only ledger",
  },
  {
    file: "src/rulesets/shock/foundry/cards/legacy-window.ts", fn: "reopenLegacyCard", call: "snapCard.update",
    count: 1, who: "gm", why: "as the row above (game.user.isActiveGM): an old snap card the GM took over gets the card it answers in "
      + "its GM-only seal",
  },
  {
    file: "src/rulesets/shock/foundry/gm/snap-undo.ts", fn: "refreshAnswered", call: "first.update", count: 1,
    who: "gm", why: "the shock card kind's `recorded`, which the card runtime runs on the active GM after it wrote "
      + `a step (${RELAY}): the answered card's result settled again in its GM-only ledger`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/react.ts", fn: "reportSnap", call: "first.update", count: 1, who: "gm",
    why: "the shock card kind's `recorded`, which the card runtime runs on the active GM after it wrote a seal "
      + `(registerSealing's hook, game.user.isActiveGM) or a step (${RELAY}): a Snap Attack's outcome in the `
      + "answered card's GM-only ledger",
  },
  {
    file: "src/rulesets/shock/foundry/chat/grapple-watch.ts", fn: "askCarry", call: "moveTokenAsRule", count: 1, who: "gm",
    why: "the GM's own \"move it alone\" answer: the branch runs only when game.user.isGM "
      + "(client/documents/token.mjs move: a GM may move any token)",
  },
  {
    file: "src/rulesets/shock/foundry/documents/unsuspecting.ts", fn: "notice", call: "actor.toggleStatusEffect",
    count: 1, who: "gm", why: "returns unless game.user.isGM; called from the seal's createChatMessage hook "
      + `(returns unless game.user.isActiveGM) and ShockCombat._onStartTurn (${TURN})`,
  },
  {
    file: "src/rulesets/shock/foundry/documents/unsuspecting.ts", fn: "notice", call: "postNote", count: 1,
    who: "gm", why: "returns unless game.user.isGM; a whisper to the GMs (see the toggle above)",
  },
  {
    file: "src/rulesets/shock/foundry/gm/carry.ts", fn: "performCarry", call: "target.toggleStatusEffect", count: 1,
    who: "gm", why: `the shockCarry request's handler, ${RELAY}: a thrown foe is knocked prone`,
  },
  {
    file: "src/rulesets/shock/foundry/gm/carry.ts", fn: "performCarry", call: "moveTokenAsRule", count: 2,
    who: "gm", why: `the shockCarry request's handler, ${RELAY}: the carried or thrown tokens`,
  },
  {
    file: "src/shell/movement/rule-move.ts", fn: "moveTokenAsRule", call: "moving.move", count: 1,
    who: "either", why: "a gate (moveTokenAsRule is a write method here): each caller's row classifies "
      + "it; common/documents/token.mjs #canUpdate: a GM, or an owner of the token's actor",
  },
  {
    file: "src/rulesets/shock/foundry/applications/actor-sheet.ts", fn: "toggleReadied", call: "item.update",
    count: 1, who: "player", why: `${SHEET}; ${ITEM}: readying or stowing an owned weapon`,
  },
  // shock: end
  // action-points
  {
    file: "src/rulesets/action-points/foundry/cards/attack-kind.ts", fn: "seal", call: "combat.keepRecorded", count: 1,
    who: "gm", why: "the card kind's seal, run by the card runtime's takeover on the active GM (registerSealing's "
      + `createChatMessage hook returns unless game.user.isActiveGM): the attack's AP or RP paid; ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/cards/steps.ts", fn: "run", call: "combat.keepRecorded", count: 1,
    who: "gm", why: `from the apply step, ${CARD}: a striker's FP; ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/cards/window-effects.ts", fn: "apply", call: "combat.keepRecorded", count: 1,
    who: "gm", why: "from openOnCard (the seal, on the active GM) and playOnCard (the react step, "
      + `${CARD}): RP spent and refunded, the once-a-round FP of a successful reaction; ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/chat/attack.ts", fn: "post", call: "postActorCard", count: 1,
    who: "player", why: `the Attack and Cast buttons of the attacker's sheet (${SHEET}), an item macro and a `
      + `taken reaction-attack offer (its owner's button); ${MESSAGE}`,
  },
  {
    file: "src/rulesets/action-points/foundry/documents/actor.ts", fn: "changeHp", call: "this.update", count: 1,
    who: "gm", why: `only the apply step of the attack card, ${CARD}`,
  },
  {
    file: "src/shell/combat/surprise-marks.ts", fn: "toggleSurpriseMark", call: "combat.setFlag", count: 1,
    who: "gm", why: "only from shock's toggleSurprised and action-points' toggleSurpriser, the trackers' surprise "
      + `buttons: \`gm\` actions run only when game.user.isGM; ${COMBAT_FLAGS}`,
  },
  {
    file: "src/rulesets/action-points/foundry/chat/flow.ts", fn: "useFlow", call: "postMessage", count: 1,
    who: "player", why: `a Flow action's Use button on its owner's sheet (${SHEET}); ${MESSAGE}`,
  },
  {
    file: "src/rulesets/action-points/foundry/chat/ready.ts", fn: "ready", call: "postMessage", count: 1,
    who: "player", why: `the Ready and Act Now buttons on its owner's sheet (${SHEET}), after the GM's `
      + `check of the spend; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/action-points/foundry/documents/combat.ts", fn: "afterSpend",
    call: "this.writeKeptOrder", count: 1, who: "gm",
    why: "a Ready's or fired Ready's place in the order: afterSpend runs after the GM's spend check "
      + `(shell/combat/kept-spend.ts registerRequest handler, or isGM in spendKept); ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/gm/reaction-attacks.ts", fn: "standUp",
    call: "c.actor?.toggleStatusEffect", count: 1, who: "gm",
    why: "a paid Stand Up ends the prone status: from the combat's afterSpend, run after the GM's "
      + "spend check (shell/combat/kept-spend.ts registerRequest handler, or isGM in spendKept)",
  },
  {
    file: "src/rulesets/action-points/foundry/gm/moves.ts", fn: "afterMove", call: "combat.keep",
    count: 1, who: "gm", why: "the movement watch's `after` rule, run only on the active GM (shell/movement/watch.ts): "
      + `a move's AP paid from the kept pools, a Take a Step's mark cleared by the move; ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/cards/maneuver-seal.ts", fn: "sealManeuver", call: "combat.keepRecorded",
    count: 1, who: "gm", why: "the card kind's seal (a maneuver), run by the card runtime's takeover on the active GM "
      + `(registerSealing's createChatMessage hook returns unless game.user.isActiveGM); ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/cards/maneuver-seal.ts", fn: "sealManeuver",
    call: "reading.target.toggleStatusEffect", count: 1, who: "gm", why: "as the row above (game.user.isActiveGM): "
      + `a won Shove's prone on its target; ${STATUS}; ${EFFECT}`,
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "keepRecorded", call: "this.keep", count: 1, who: "gm",
    why: `a card's seal or step writing kept fields with its recorder watching (${CARD}, or the takeover on the `
      + `active GM); ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/documents/combat.ts", fn: "spend", call: "this.spendKept", count: 1,
    who: "either", why: "the sheet's turn actions (" + SHEET + "): a player's spend is the keptSpend request "
      + "(spendKept asks unless game.user.isGM)",
  },
  {
    file: "src/rulesets/action-points/foundry/chat/ready.ts", fn: "ready", call: "combat.spendKept",
    count: 1, who: "either", why: "the Ready and Act Now buttons (" + SHEET + "): a player's is the "
      + "keptSpend request (spendKept asks unless game.user.isGM)",
  },
  {
    file: "src/rulesets/action-points/foundry/documents/combat.ts", fn: "buyFlow", call: "this.spendKept",
    count: 1, who: "either", why: "a Flow action's Use button (" + SHEET + "): a player's is the keptSpend request "
      + "(spendKept asks unless game.user.isGM)",
  },
  {
    file: "src/shell/combat/kept-combat.ts", fn: "spendKept", call: "this.keep", count: 2, who: "gm",
    why: `after \`if (!game.user?.isGM) return askKept(…)\`: a player's spend is the keptSpend request (the `
      + `spend, and its put-back when the verdict's own work throws); ${KEPT}`,
  },
  {
    file: "src/rulesets/action-points/foundry/applications/actor-sheet.ts", fn: "takeAction", call: "combat.nextTurn",
    count: 1, who: "player", why: `Total Defense from the sheet (${SHEET}) ends the turn only when its combatant is `
      + "the current one: common/documents/combat.mjs #canUpdate lets the current combatant's owner change the turn "
      + "(_canChangeTurn)",
  },
  {
    file: "src/rulesets/action-points/foundry/applications/combat-tracker.ts", fn: "run", call: "combat.nextTurn",
    count: 1, who: "either", why: "the tracker's Next Turn / End Turn control, which Foundry offers to the GM and to "
      + "the current combatant's owners (client/applications/sidebar/tabs/combat-tracker.mjs, footer.hbs); "
      + "common/documents/combat.mjs #canUpdate lets a player change the turn (_canChangeTurn)",
  },
  {
    file: "src/rulesets/action-points/foundry/documents/combat.ts", fn: "writeOrder", call: "this.writeKeptOrder",
    count: 1, who: "gm", why: `rollRanked's write, reached only from rollInitiative after \`if (!game.user?.isGM)\` `
      + `sends a player's roll to the GM; ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "writeOrder", call: "this.writeKeptOrder",
    count: 1, who: "gm", why: "rollRanked's write, reached from the round-start edge (the active GM's "
      + "client: client/documents/combat.mjs #triggerTurnEvents) and from rollInitiative after "
      + `\`if (!game.user?.isGM)\` sends a player's roll to the GM; ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/gm/end-phase.ts", fn: "settle",
    call: "actor?.deleteEmbeddedDocuments", count: 1, who: "gm",
    why: "from PhasesCombat's round-end edge (the active GM's client: client/documents/"
      + "combat.mjs #triggerTurnEvents), claimed once on the turn ledger, and from the phasesSaves "
      + "request's handler (registerRequest: the active GM), claimed once on its prompt",
  },
  {
    file: "src/rulesets/phases/foundry/gm/end-phase.ts", fn: "settle", call: "combat.keep", count: 1,
    who: "gm", why: "the ended conditions' records pruned, from the same round-end edge and request "
      + `handler (client/documents/combat.mjs #triggerTurnEvents; registerRequest); ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/gm/end-phase.ts", fn: "note", call: "postNote", count: 1,
    who: "gm", why: "the End phase's note, from the same round-end edge (client/documents/"
      + "combat.mjs #triggerTurnEvents runs it on the active GM's client only)",
  },
  {
    file: "src/shell/cards/paid-seal.ts", fn: "paidSeal", call: "combat.keepRecorded", count: 1, who: "gm",
    why: "a card kind's seal (phases, wounds), run by the card runtime's takeover on the active GM "
      + "(registerSealing's createChatMessage hook returns unless game.user.isActiveGM): the attacker's "
      + `actions paid; ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/cards/steps.ts", fn: "run", call: "target.update", count: 1,
    who: "gm", why: `the apply step, ${CARD}: the target's HP after the damage`,
  },
  {
    file: "src/rulesets/phases/foundry/cards/steps.ts", fn: "run", call: "target.createEmbeddedDocuments",
    count: 1, who: "gm", why: `the apply step, ${CARD}: each condition the attack inflicts, as an effect`,
  },
  {
    file: "src/rulesets/phases/foundry/cards/steps.ts", fn: "run", call: "combat.keepRecorded", count: 1,
    who: "gm", why: `the apply step, ${CARD}: the target's conditions' durations; ${KEPT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/cards/steps.ts", fn: "run", call: "target.update", count: 1,
    who: "gm", why: `the apply step, ${CARD}: the target's HP after the damage`,
  },
  {
    file: "src/rulesets/wounds/foundry/cards/steps.ts", fn: "run", call: "attacker.update", count: 1,
    who: "gm", why: `the apply step, ${CARD}: a fatal blow takes the attacker to 0 HP`,
  },
  {
    file: "src/rulesets/wounds/foundry/cards/steps.ts", fn: "run", call: "target.createEmbeddedDocuments",
    count: 1, who: "gm", why: `the apply step, ${CARD}: the wound the attack deals, as its own effect`,
  },
  {
    file: "src/rulesets/wounds/foundry/cards/steps.ts", fn: "defeat", call: "actor.toggleStatusEffect",
    count: 1, who: "gm", why: `the apply step, ${CARD}: a decisive blow's or a fatal blow's defeated status`,
  },
  {
    file: "src/rulesets/wounds/foundry/chat/attack.ts", fn: "attackWith", call: "postActorCard", count: 1,
    who: "player", why: `the Attack button of the attacker's sheet (${SHEET}) and an item macro; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/phases/foundry/chat/attack.ts", fn: "attackWith", call: "postActorCard", count: 1,
    who: "player", why: `the Attack button of the attacker's sheet (${SHEET}) and an item macro; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/phases/foundry/chat/activate.ts", fn: "activateItem", call: "item.update", count: 1,
    who: "either", why: `Use on an item row (${SHEET}): the item's own uses; ${ITEM}; a GM using an NPC's`,
  },
  {
    file: "src/rulesets/phases/foundry/chat/activate.ts", fn: "activateItem", call: "actor.update", count: 1,
    who: "either", why: `the same Use: its own actor's HP healed; ${ACTOR}`,
  },
  {
    file: "src/rulesets/phases/foundry/chat/activate.ts", fn: "activateItem",
    call: "actor.deleteEmbeddedDocuments", count: 1, who: "either",
    why: `the same Use: the effects of the conditions the item ends, on its own actor; ${EFFECT}`,
  },
  {
    file: "src/rulesets/phases/foundry/chat/activate.ts", fn: "activateItem", call: "postNote", count: 1,
    who: "either", why: `the same Use: its note with the healing roll; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "onTurnEdge", call: "this.keep", count: 1,
    who: "gm", why: "a Defend cleared at its taker's turn start: the turn edge runs on the active GM's "
      + `client only (client/documents/combat.mjs #triggerTurnEvents), claimed once; ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "battleAction", call: "this.spendKept",
    count: 1, who: "either", why: "Defend, Disengage and Activate Item's Battle action: a player's is the "
      + "keptSpend request the active GM rules (spendKept asks unless game.user.isGM; spendPatch → "
      + "play/round/battle-actions.ts)",
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "afterSpend", call: "this.update", count: 1,
    who: "gm", why: "after a Delay is written: afterSpend runs only on the GM (performSpend, the keptSpend "
      + "request's handler on the active GM, or spendKept after `if (!game.user?.isGM) return askKept`); "
      + "the turn a step back (client/documents/combat.mjs #canUpdate: a GM may set any turn)",
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "afterSpend", call: "this.nextTurn", count: 1,
    who: "gm", why: "the same afterSpend, on the GM (game.user.isGM): Next Turn starts the next "
      + "combatant's turn (client/documents/combat.mjs nextTurn)",
  },
  {
    file: "src/rulesets/phases/foundry/cards/steps.ts", fn: "endMovementTurn", call: "combat.nextTurn",
    count: 1, who: "gm", why: "an Apply step's afterwards work, run by the card runtime on the active "
      + "GM's client after the step is recorded (shell/cards/requests.ts, registerRequest): Next Turn "
      + "ends a Slowed mover's turn (client/documents/combat.mjs nextTurn; #canUpdate: a GM may)",
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "pickMovePower", call: "this.spendKept",
    count: 1, who: "either", why: "a movement power's Use on the sheet: a player's is the keptSpend request "
      + "the active GM rules (spendKept asks unless game.user.isGM; spendPatch → play/round/moves.ts)",
  },
  {
    file: "src/shell/movement/judged.ts", fn: "after", call: "moveTokenAsRule", count: 1,
    who: "gm", why: "a player's drag its ruleset refuses put back, from judgedMovement's movement watch "
      + "`after` rule, which runs only when game.user.isActiveGM (shell/movement/watch.ts)",
  },
  {
    file: "src/shell/movement/judged.ts", fn: "after", call: "writeKept", count: 1,
    who: "gm", why: "the same `after` rule on the active GM (shell/movement/watch.ts): what an allowed "
      + `drag pays (wounds' Move Action and spaces walked); ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/gm/moves.ts", fn: "afterMove", call: "moveTokenAsRule", count: 1,
    who: "gm", why: "a player's move its power does not allow put back, from a movement watch `after` "
      + "rule, which runs only when game.user.isActiveGM (shell/movement/watch.ts)",
  },
  {
    file: "src/rulesets/phases/foundry/gm/moves.ts", fn: "afterMove", call: "combat.keep", count: 1,
    who: "gm", why: "the movement watch's `after` rule, run only on the active GM (shell/movement/watch.ts): "
      + `the movement power and its squares; ${KEPT}`,
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "seize", call: "this.spendKept", count: 1,
    who: "either", why: "an owner's seizure: a player's is the keptSpend request the active GM rules "
      + "(spendKept asks unless game.user.isGM; spendPatch → play/round/seize.ts)",
  },
  {
    file: "src/shell/combat/ranked-initiative.ts", fn: "rollRanked", call: "combat.updateEmbeddedDocuments",
    count: 1, who: "gm", why: "as the row above (a GM's client): the rolled combatants' initiative, other players' "
      + "combatants among them (common/documents/combatant.mjs #canUpdate)",
  },
  {
    file: "src/rulesets/action-points/foundry/documents/combat.ts", fn: "resetAll", call: "this.writeKeptOrder",
    count: 1, who: "gm", why: `after \`if (!game.user?.isGM) return\`: every place cleared; ${KEPT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/documents/actor.ts", fn: "heal", call: "this.update", count: 1,
    who: "player", why: `the Heal control of the actor's own sheet (${SHEET}): its HP; ${ACTOR}`,
  },
  {
    file: "src/rulesets/wounds/foundry/documents/actor.ts", fn: "heal",
    call: "this.deleteEmbeddedDocuments", count: 1, who: "player",
    why: `as the row above: the newest wound's effect removed by 6+ healing; ${EFFECT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/documents/combat.ts", fn: "onTurnEdge", call: "this.keep",
    count: 1, who: "gm", why: "a turn's end, claimed once on the active GM's client (the turn base's "
      + `edges, shell/combat/turn-combat.ts): bought movement and a Disengage end; ${KEPT}`,
  },
  {
    file: "src/shell/combat/ranked-initiative.ts", fn: "writeOrder", call: "combat.writeKeptOrder",
    count: 1, who: "gm", why: `rollRanked's write from rollPlaces, after \`if (!game.user?.isGM)\` `
      + `sends a player's roll to the GM; ${KEPT}`,
  },
  {
    file: "src/shell/combat/ranked-initiative.ts", fn: "resetPlaces", call: "combat.writeKeptOrder",
    count: 1, who: "gm", why: `after \`if (!game.user?.isGM) return\`: every place cleared; ${KEPT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/applications/actor-sheet.ts", fn: "spend", call: "combat.spendKept",
    count: 1, who: "either", why: "the sheet's turn actions and Delay after (" + SHEET + "): a player's spend is "
      + "the keptSpend request (spendKept asks unless game.user.isGM)",
  },
  {
    file: "src/rulesets/wounds/foundry/chat/cast.ts", fn: "castSpell", call: "actor.update", count: 1,
    who: "either", why: `a sheet's Cast outside a started combat (${SHEET}): the caster's own MP; ${ACTOR}`,
  },
  {
    file: "src/rulesets/wounds/foundry/chat/cast.ts", fn: "castSpell", call: "(found.combatasWoundsCombat).spendKept",
    count: 1, who: "either", why: "a sheet's Cast and Cancel in combat (" + SHEET + "): a player's press is the keptSpend "
      + "request the active GM rules (spendKept asks unless game.user.isGM; spendPatch → play/round/cast.ts)",
  },
  {
    file: "src/shell/documents/statuses.ts", fn: "setStatuses", call: "actor.toggleStatusEffect",
    count: 1, who: "gm", why: "every caller runs on a GM: afterOrPutBack (a spend's statuses: performSpend, "
      + "the keptSpend handler on the active GM, or spendKept after `if (!game.user?.isGM) return askKept`), "
      + `wounds' onTurnEdge and payUpkeep (${TURN}, claimed once), endBattle (active GM, claimed once) and `
      + `kept-statuses.ts putBack (its hooks act only when game.user.isActiveGM); ${STATUS}`,
  },
  {
    file: "src/shell/combat/kept-statuses.ts", fn: "keepStatusesOf", call: "writeKept", count: 1,
    who: "gm", why: "FrayTurnCombat#battleBegun, which returns unless game.user.isActiveGM and claims the "
      + `battle's start once: the statuses the combatants begin under; ${KEPT}`,
  },
  {
    file: "src/shell/combat/kept-statuses.ts", fn: "sync", call: "writeKept", count: 1,
    who: "gm", why: "the effect hooks' watch returns unless game.user.isActiveGM, then queues sync: "
      + `a status added, or taken off by a GM; ${KEPT}`,
  },
  {
    file: "src/shell/combat/kept-statuses.ts", fn: "putBack", call: "off.update", count: 1,
    who: "gm", why: "the same sync on the active GM (the watch returns unless game.user.isActiveGM): "
      + `a status effect a player disabled while the GM keeps it, enabled again; ${STATUS}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "payUpkeep", call: "actor.update", count: 1,
    who: "gm", why: `the upkeep of a kept-up spell paid from the caster's MP as its turn starts: `
      + `WoundsCombat.upkeepWork from onTurnEdge, ${TURN}, claimed once`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "payUpkeep", call: "combat.keep", count: 1,
    who: "gm", why: "the same payUpkeep on the GM: a spell its caster cannot pay for ends in the kept store "
      + `(the Combat's flags); ${TURN}, claimed once`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "payUpkeep", call: "postNote", count: 1,
    who: "gm", why: `the same payUpkeep on the GM: the table is told the spell ended; ${TURN}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "afterCast", call: "actor.update", count: 1,
    who: "gm", why: "the caster's MP a cast's first press pays (put back by withPutBack when its summon fails): afterCast is "
      + "WoundsCombat.castWork, called from afterSpend, which " + "afterSpend runs only on the GM (performSpend, the keptSpend request's handler on the active GM, or spendKept after `if (!game.user?.isGM) return askKept`)",
  },
  {
    file: "src/shell/documents/world-actor.ts", fn: "packActorInWorld", call: "Actor.implementation.create",
    count: 1, who: "gm", why: "summonBeside on the GM (afterCast, or summonOutside: the woundsSummonOutside "
      + "request's handler): a summon's actor imported from the NPC compendium "
      + "(common/documents/actor.mjs: creating an Actor needs the ACTOR_CREATE permission, a GM's)",
  },
  {
    file: "src/shell/documents/summon-beside.ts", fn: "summonBeside", call: "scene.createEmbeddedDocuments",
    count: 1, who: "gm", why: "summonBeside on the GM (afterCast in a battle; summonOutside, the "
      + "woundsSummonOutside request's handler, outside one): the summon's token (common/documents/token.mjs "
      + "permissions.create: TOKEN_CREATE, which players lack by default)",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "summonUnit", call: "combat.createEmbeddedDocuments",
    count: 1, who: "gm", why: "the same afterCast on the GM: the summon's combatant (common/documents/combatant.mjs "
      + "permissions.create: OWNER of the Combat, a GM's)",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "summonUnit", call: "combat.keep", count: 1,
    who: "gm", why: `the same afterCast on the GM: the summon's round and summoner; ${KEPT}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "summonUnit", call: "combat.rollInitiative", count: 1,
    who: "gm", why: "the same afterCast on the GM: WoundsCombat#rollInitiative places the newcomer "
      + "(game.user.isGM: rollRanked on this client, not the player's request)",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "summonOutside", call: "caster.update", count: 1,
    who: "gm", why: `a summoning spell cast outside a battle: its MP, paid once the summon stands; the `
      + `woundsSummonOutside request's handler (registerTokenRequest), ${RELAY}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/cast.ts", fn: "summonOutside", call: "postNote", count: 1,
    who: "gm", why: `the same request's handler: the thrall offer, whispered to the caster's owners and the `
      + `GMs (a GM may post any message); ${RELAY}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "endBattle", call: "c.actor?.update", count: 1,
    who: "gm", why: "the winners' MP refilled when the battle ends: endBattle returns unless game.user.isActiveGM "
      + "(WoundsCombat#_onDelete, also on the active GM only), claimed once",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "endBattle", call: "c.token.delete", count: 1,
    who: "gm", why: "the same endBattle (game.user.isActiveGM): a summon that cannot be kept vanishes (its token)",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "endBattle", call: "postNote", count: 1,
    who: "gm", why: `the same endBattle on the active GM: the thrall offer, a GM prompt; ${MESSAGE}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "endBattle", call: "scene.deleteEmbeddedDocuments",
    count: 1, who: "gm", why: "the same endBattle on the active GM: this battle's summons no combatant holds vanish "
      + "(a Scene's tokens: common/documents/token.mjs, deleting needs the TOKEN_DELETE permission, a GM's)",
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "answer", call: "owner?.update", count: 1,
    who: "gm", why: "a thrall kept: its cost paid from the summoner's MP; the woundsThrall request "
      + `(the shell's owner prompt, shell/chat/owner-prompt.ts, registerRequest), ${RELAY}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "answer", call: "token?.delete", count: 1,
    who: "gm", why: `a summon let go vanishes (its token); the woundsThrall request, ${RELAY}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "startBattle", call: "combat.deleteEmbeddedDocuments",
    count: 1, who: "gm", why: "a summon made before the battle and not thralled leaves it as it begins: the "
      + `battle's start work (FrayTurnCombat.battle.start, from the first round's start edge); ${TURN}`,
  },
  {
    file: "src/rulesets/wounds/foundry/gm/battle-end.ts", fn: "startBattle",
    call: "scene.deleteEmbeddedDocuments", count: 1, who: "gm",
    why: `the same startBattle on the active GM: those summons' tokens vanish; ${TURN}`,
  },
  {
    file: "src/shell/documents/token-marks.ts", fn: "markToken", call: "scene.update", count: 1, who: "gm",
    why: "throws unless game.user.isGM: the GM's marks on a Scene's tokens (a summon's summoner and thrall; "
      + "a Scene's update needs OWNER, common/abstract/document.mjs, GMs alone by default)",
  },
  {
    file: "src/rulesets/phases/foundry/documents/combat.ts", fn: "resetAll", call: "this.writeKeptOrder",
    count: 1, who: "gm", why: `after \`if (!game.user?.isGM) return\`: every place cleared; ${KEPT}`,
  },
  {
    file: "src/shell/combat/ranked-initiative.ts", fn: "resetRanked", call: "combat.updateEmbeddedDocuments",
    count: 1, who: "gm", why: "as the row above (resetAll returns unless game.user.isGM): every combatant's "
      + "initiative cleared, other players' among them (common/documents/combatant.mjs #canUpdate)",
  },
] as const satisfies readonly Row[];

/** Calls with a writing method's name on something that is not a Foundry document. */
export const NOT_WRITES = [
  {
    file: "src/shell/applications/sheet-kit.ts", fn: "#onToggleRow", call: "this.expanded.delete",
    count: 1, why: "Set#delete on the open sheet's own set of expanded rows: no document is written "
      + "(nothing of common/documents/*.mjs is reached)",
  },
  {
    file: "src/shell/combat/stepped-combatant.ts", fn: "_preDeleteOperation", call: "c.combatants.delete",
    count: 1, why: "Collection#delete on a clone of the Combat that core's own simulation sets up "
      + "(client/documents/combatant.mjs _preDeleteOperation does the same): no document is written",
  },
  {
    file: "src/rulesets/phases/play/round/battle-actions.ts", fn: "activation", call: "activate",
    count: 1, why: "the pure rule rules/battle.ts `activate` (an item's uses after one is spent), not "
      + "Combat#activate (client/documents/combat.mjs): no document is written",
  },
] as const satisfies readonly NotWrite[];

/**
 * Writes a player's client makes that Foundry would refuse. None found: every `player` and
 * `either` row above names the owner-gated path and the Foundry rule that allows it.
 */
export const SUSPECT: readonly Row[] = [];

const ROWS: readonly NotWrite[] = [...WRITES, ...SUSPECT, ...NOT_WRITES];

describe("the scanner", () => {
  it("skips comments and strings and names the nearest named function", () => {
    const text = [
      "// actor.update({}) in a comment",
      "class A { async m() { const s = 'x.delete()'; await this.update({}); } }",
      "function f() {",
      "  const g = async () => { await doc.setFlag('a', 'b', 1); };",
      "  [1].map(() => c",
      "    .delete());",
      "  doc.updateSource({}); game.settings!.set('a', 'b', 1); map.set(1, 2);",
      "}",
    ].join("\n");
    expect(scan("x.ts", text)).toEqual([
      { file: "x.ts", fn: "m", call: "this.update" },
      { file: "x.ts", fn: "g", call: "doc.setFlag" },
      { file: "x.ts", fn: "f", call: "c.delete" },
      { file: "x.ts", fn: "f", call: "game.settings!.set" },
    ]);
  });
});

describe("every document write in src/ is classified (gm, player or either)", () => {
  const found = sitesInSrc();
  const rows = new Map(ROWS.map((r) => [keyOf(r), r]));

  it("has a row for each write site", () => {
    const unknown = [...found].filter(([key]) => !rows.has(key))
      .map(([key, n]) => `${key} (×${n}): not in the table; classify it (see the docblock)`);
    expect(unknown).toEqual([]);
  });

  it("has no stale row (each row matches a write site)", () => {
    const stale = [...rows.keys()].filter((key) => !found.has(key))
      .map((key) => `${key}: matches no write in src/; remove or rename the row`);
    expect(stale).toEqual([]);
  });

  it("counts each site's calls", () => {
    const differ = [...rows].filter(([key, row]) => found.has(key) && found.get(key) !== row.count)
      .map(([key, row]) => `${key}: the table says ×${row.count}, src/ has ×${found.get(key)}`);
    expect(differ).toEqual([]);
  });

  it("has one row per site, each explained", () => {
    const keys = ROWS.map(keyOf);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    for (const row of ROWS) {
      expect(row.count, keyOf(row)).toBeGreaterThan(0);
      // Each reason cites Foundry's source or says how the write stays on the GM's client.
      expect(row.why, keyOf(row)).toMatch(/\.mjs|registerRequest|isActiveGM|isGM|eslint/);
    }
  });

  it("keeps each ruleset's gm/ and the shell's gm/ (relay handlers, GM-only watches) to GM writes", () => {
    const inGM = (file: string) => /^src\/(shell|rulesets\/[^/]+\/foundry)\/gm\//.test(file);
    expect(WRITES.some((r) => inGM(r.file))).toBe(true);
    const notGM = WRITES.filter((r) => inGM(r.file) && r.who !== "gm");
    expect(notGM.map(keyOf)).toEqual([]);
  });

  it("explains every suspect (a player write Foundry would refuse)", () => {
    for (const row of SUSPECT) expect(row.why.length, keyOf(row)).toBeGreaterThan(40);
  });
});
