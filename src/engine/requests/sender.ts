/**
 * Who sent a request to the GM, as the GM's client knows it from the server's stamp (never from
 * what the payload claims): the user's id and whether that user is a GM. A plain shape, so a
 * ruleset's pure request checks (`rulesets/<id>/play/`) and the shell's relay
 * (`shell/relay/gm-relay.ts`, which fills it from Foundry's query) name the same thing.
 */
export interface Sender {
  readonly id: string;
  readonly isGM: boolean;
}
