// Finds where a JSON text first goes wrong, as a line and column. V8's JSON.parse messages on Node 20
// quote a snippet instead of a position, and a hook author wants the line.

// The offset of the first character at which `text` stops being valid JSON (text.length if it ends early).
export function findJsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) if (text[i++] !== ch) (i--, fail());
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text[i]!;
      if (ch === '"') return void i++;
      if (ch === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) (i++, fail());
          i += 5;
        } else if ('"\\/bfnrt'.includes(text[i] ?? '')) i++;
        else fail();
      } else if (ch < ' ') fail();
      else i++;
    }
    fail();
  };
  const number = () => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-') fail();
    i += m![0].length;
  };
  // An object's `"key":` up to its value.
  const key = () => {
    ws();
    if (text[i] !== '"') fail();
    string();
    ws();
    if (text[i] !== ':') fail();
    i++;
  };
  // Iterative, with the open brackets on a stack: a file nested 100,000 deep is located, not a RangeError.
  const value = (): void => {
    const open: string[] = [];
    for (;;) {
      ws();
      const ch = text[i];
      if (ch === '{' || ch === '[') {
        i++;
        ws();
        if (text[i] === (ch === '{' ? '}' : ']')) i++;
        else {
          open.push(ch);
          if (ch === '{') key();
          continue;
        }
      } else if (ch === '"') string();
      else if (ch === 't') literal('true');
      else if (ch === 'f') literal('false');
      else if (ch === 'n') literal('null');
      else if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) number();
      else fail();
      // A value ended: close the brackets it ends, up to the next `,` (then the next value) or the end.
      for (;;) {
        if (open.length === 0) return;
        ws();
        const top = open[open.length - 1]!;
        if (text[i] === ',') {
          i++;
          if (top === '{') key();
          break;
        }
        if (text[i] !== (top === '{' ? '}' : ']')) fail();
        i++;
        open.pop();
      }
    }
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (offset) {
    return offset as number;
  }
}

// `{ line, column }` (1-based) of an offset.
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lastBreak = before.lastIndexOf('\n');
  return { line: before.split('\n').length, column: offset - lastBreak };
}
