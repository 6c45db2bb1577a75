import type { FieldsSpec, ObjectSpec } from "../../engine/schema/spec";
import type { TokenDefaults } from "../manifest";
import { specModel } from "./spec-model";
import { prototypeTokenDefaults } from "./token-defaults";

/**
 * The TypeDataModel of an Actor subtype: its field spec's model (`specModel`) whose new actors get
 * the subtype's prototype token defaults (link, disposition, bars) the creator did not set.
 * Foundry calls a subtype model's `_preCreate` from the Actor's, on the creating client, before the
 * data is sent (client/documents/abstract/client-document.mjs `_preCreate`), in every world: each
 * ruleset's models are registered in every world, so an actor of any ruleset gets its own defaults.
 */
export function actorModel(
  spec: ObjectSpec<FieldsSpec>, prefix: string | null, token: TokenDefaults | undefined,
) {
  return class extends specModel(spec, prefix) {
    override async _preCreate(
      ...args: Parameters<foundry.abstract.TypeDataModel.Any["_preCreate"]>
    ): ReturnType<foundry.abstract.TypeDataModel.Any["_preCreate"]> {
      const allowed = await super._preCreate(...args);
      if (allowed === false || !token) return allowed;
      const [data] = args;
      const changes = prototypeTokenDefaults(token, data, CONST.TOKEN_DISPOSITIONS);
      if (Object.keys(changes).length) {
        this.parent.updateSource({ prototypeToken: changes } as never);
      }
      return allowed;
    }
  };
}
