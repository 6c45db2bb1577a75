/**
 * A localizer: `key` is a `FRAY.` string, `data` fills its `{placeholders}`. In Foundry it is
 * `game.i18n.format`; in Node a reader of the built language file. Pure code takes one as a
 * parameter and never reads a global.
 */
export type Localize = (key: string, data?: Record<string, string | number>) => string;
