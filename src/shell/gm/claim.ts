import { holdsClaim, isClaimed } from "../relay/claims";

/**
 * Claims one step on a card before the GM writes anything for it (see `relay/claims.ts` for why a
 * claim is safe even when two clients both act as the active GM). The claims live where players
 * cannot write: a card's GM-only `system.claims`, or the flags of a message the GM posted.
 * @returns whether this client holds the claim and may take the step.
 */
let nonceSeed = 0;

export async function claimStep(
  message: ChatMessage.Implementation,
  key: string,
  path = "system.claims",
): Promise<boolean> {
  const claims = () => foundry.utils.getProperty(message, path);
  if (isClaimed(claims(), key)) return false;
  // A letter first: object keys that look like integers would be reordered.
  const nonce = `n${foundry.utils.randomID()}${(nonceSeed++).toString(36)}`;
  await message.update({ [`${path}.${key}.${nonce}`]: true } as ChatMessage.UpdateData);
  return holdsClaim(claims(), key, nonce);
}
