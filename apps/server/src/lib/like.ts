/** An `ILIKE` pattern matching `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
