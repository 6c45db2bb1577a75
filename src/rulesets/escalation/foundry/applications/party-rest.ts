import { characterData } from "../../play/data/accessors";
import type { FrayActor } from "../documents/actor";
import { restCharacters } from "../chat/rest";
import { foundryLocalize as t } from "../../../../shell/setup/localize";
import { askForm } from "../../../../shell/applications/dialogs";
import { suggestedRecoveries } from "../../play/views/survival-view";
import { warnIfRefused } from "../../../../shell/applications/refusals";
import { addDirectoryButton } from "../../../../shell/applications/directory-button";

/**
 * The GM's party rest: a button on the Actors sidebar that rests every player character at once
 * (a Quick Rest spends, for each, the recoveries its sheet would propose), with one chat summary.
 */
export function registerPartyRest(): void {
  addDirectoryButton({
    hook: "renderActorDirectory", key: "frayPartyRest", icon: "fa-campground",
    label: () => t("FRAY.Rest.Party"), run: partyRest,
  });
}

async function partyRest(): Promise<void> {
  const actors = (game.actors?.contents ?? []).filter(
    (a) => a.type === "escalationCharacter" && a.hasPlayerOwner,
  ) as FrayActor[];
  if (!actors.length)
    return void ui.notifications?.warn("FRAY.Rest.NoCharacters", { localize: true });
  const form = await askForm(
    t("FRAY.Rest.Party"),
    "systems/fray/templates/escalation/dialog/party-rest.hbs",
    {},
  );
  if (!form) return;
  const suggested = (a: FrayActor) => suggestedRecoveries(characterData(a.system));
  await warnIfRefused(() =>
    restCharacters(
      actors,
      form.kind === "full" ? "full" : "quick",
      suggested,
      form.mode === "roll" ? "roll" : "average",
    ),
  );
}
