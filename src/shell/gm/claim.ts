import { claimsToPrune, holdsClaim, isClaimed } from "../relay/claims";

/**
 * Claims that make every GM step happen once, whichever client of the active GM runs it. A GM may
 * be logged in from two tabs: both are `game.user.isActiveGM`, both receive every user query
 * (dist/components/activity.mjs sends a query to every socket of the queried user) and both run
 * every hook. Each step has a key (`card.<messageId>.<step>`, `query.<queryId>`,
 * `turn.<combatId>.<edge>`…); a client claims it by writing a random nonce under that key in the
 * flags of its own User document and reading the claims back (see `relay/claims.ts` for why the
 * first write wins).
 *
 * Why the GM's User document: no player can write it (common/documents/user.mjs `#canUpdate`:
 * players may only modify themselves), both tabs of one GM share it, and a claim is a lock, not a
 * record: what a step did is recorded on the documents it changed (a card's ledger, a combat's
 * turn ledger), which is what later checks read. Claims older than a day are pruned as new ones
 * are written.
 * @returns whether this client holds the claim and may take the step; false on a player's client.
 */
const CLAIMS = "flags.fray.claims";
let serial = 0;

export async function claimOnce(key: string): Promise<boolean> {
  const user = game.user;
  if (!user?.isGM || !/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/.test(key)) return false;
  const stored = () => foundry.utils.getProperty(user, CLAIMS) as unknown;
  const flat = key.replaceAll(".", "_");
  if (isClaimed(stored(), flat)) return false;
  // A letter first: object keys that look like integers would be reordered.
  const nonce = `n${foundry.utils.randomID()}${(serial++).toString(36)}`;
  const now = Date.now();
  const prune = Object.fromEntries(
    claimsToPrune(stored(), now).map((k) => [`${CLAIMS}.-=${k}`, null]),
  );
  // No re-render: a claim changes nothing any screen shows (the players list re-renders on
  // every User update otherwise, client/applications/ui/players.mjs).
  await user.update(
    { ...prune, [`${CLAIMS}.${flat}.${nonce}`]: now } as User.UpdateData, { render: false },
  );
  return holdsClaim(stored(), flat, nonce);
}

/**
 * Claims a step in a document every claimer may write and no player can: a GM's prompt message
 * (any GM may press its button, from any client), or a card the GM took over (its steps, which
 * any GM's client may run while the active GM changes). The same first-write-wins rule as
 * `claimOnce`, with the claims kept under `path` of that document. A chat card still re-renders
 * on the write (client/documents/chat-message.mjs `_onUpdate` ignores `render: false`).
 * @returns whether this client holds the claim.
 */
export async function claimOnDocument(
  doc: foundry.abstract.Document.Any,
  path: string,
  key: string,
): Promise<boolean> {
  const stored = () => foundry.utils.getProperty(doc, path) as unknown;
  if (isClaimed(stored(), key)) return false;
  const nonce = `n${foundry.utils.randomID()}${(serial++).toString(36)}`;
  await (doc as unknown as { update(d: object, o?: object): Promise<unknown> })
    .update({ [`${path}.${key}.${nonce}`]: Date.now() }, { render: false });
  return holdsClaim(stored(), key, nonce);
}

/** Lets go of a claim held in a document (`claimOnDocument`), when its step was refused. */
export async function releaseDocumentClaim(
  doc: foundry.abstract.Document.Any, path: string, key: string,
): Promise<void> {
  await (doc as unknown as { update(d: object, o?: object): Promise<unknown> })
    .update({ [`${path}.-=${key}`]: null }, { render: false });
}

/**
 * Lets go of a claim this client holds on its User (`claimOnce`), when the step it guarded was
 * refused and changed nothing, so asking again later can succeed.
 */
export async function releaseClaim(key: string): Promise<void> {
  const user = game.user;
  if (!user?.isGM) return;
  await user.update(
    { [`${CLAIMS}.-=${key.replaceAll(".", "_")}`]: null } as User.UpdateData, { render: false },
  );
}
