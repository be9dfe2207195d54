// Where each value of a JSON text starts, by its path, so a problem reported at
// `hooks.PreToolUse[0].hooks[1].timeout` can be shown at its line. A small scan over the source (the
// text already parsed with JSON.parse, so it is valid): object members are located at their key, array
// elements at their value.
import { lineAndColumn } from '../config/json-position.js';

export type JsonPath = readonly (string | number)[];

export interface JsonLocation {
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
}

export interface JsonLocator {
  /** The location of `path`, or of its longest prefix that exists in the text (a missing key is shown at its object). */
  locate(path: JsonPath): JsonLocation;
}

// Scans `text` (valid JSON) and returns a locator for its paths.
export function makeJsonLocator(text: string): JsonLocator {
  const offsets = new Map<string, number>();
  let i = 0;
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const skipString = (): string => {
    const start = i;
    i++; // opening quote
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++; // closing quote
    return JSON.parse(text.slice(start, i)) as string;
  };
  const value = (path: (string | number)[], at: number | undefined): void => {
    ws();
    // A duplicate key: JSON.parse keeps the last one, and so does this map.
    offsets.set(key(path), at ?? i);
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      while (text[i] !== '}' && i < text.length) {
        ws();
        const keyAt = i;
        const name = skipString();
        ws();
        i++; // ':'
        value([...path, name], keyAt);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (ch === '[') {
      i++;
      ws();
      let n = 0;
      while (text[i] !== ']' && i < text.length) {
        value([...path, n++], undefined);
        ws();
        if (text[i] === ',') i++;
        ws();
      }
      i++;
    } else if (ch === '"') skipString();
    else {
      while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
    }
  };
  value([], undefined);

  return {
    locate(path) {
      for (let n = path.length; n >= 0; n--) {
        const offset = offsets.get(key(path.slice(0, n)));
        if (offset !== undefined) return lineAndColumn(text, offset);
      }
      return { line: 1, column: 1 };
    },
  };
}

function key(path: JsonPath): string {
  return JSON.stringify(path);
}
