/**
 * Fray's Item: weapons and abilities. Using an ability lives in `src/rulesets/escalation/foundry/chat/use-ability.ts` (the
 * document does not import the roll logic); this class is the registered document class, the
 * place for item behaviour that belongs to the document itself.
 */
export class FrayItem extends Item {}
