import { describe, expect, it } from 'vitest';
import { makeJsonLocator } from '../../src/cli/json-locate.js';

const TEXT = `{
  "hooks": {
    "PreToolUse": [
      { "matcher": "Bash",
        "hooks": [
          { "type": "command", "command": "a \\"quoted\\" [x]" },
          {
            "type": "command",
            "timeout": 5000
          }
        ]
      }
    ],
    "odd key.with dots": []
  }
}`;

describe('makeJsonLocator', () => {
  const locator = makeJsonLocator(TEXT);

  it('finds object members at their key and array elements at their value', () => {
    expect(locator.locate(['hooks', 'PreToolUse', 0, 'hooks', 1, 'timeout'])).toEqual({ line: 9, column: 13 });
    expect(locator.locate(['hooks', 'PreToolUse', 0, 'hooks', 1])).toEqual({ line: 7, column: 11 });
    expect(locator.locate(['hooks', 'PreToolUse', 0, 'matcher'])).toEqual({ line: 4, column: 9 });
    expect(locator.locate(['hooks', 'odd key.with dots'])).toEqual({ line: 14, column: 5 });
  });

  it('is not thrown off by escaped quotes and brackets inside strings', () => {
    expect(locator.locate(['hooks', 'PreToolUse', 0, 'hooks', 0, 'command'])).toEqual({ line: 6, column: 32 });
  });

  it('shows a missing key at the object that lacks it', () => {
    expect(locator.locate(['hooks', 'PreToolUse', 0, 'hooks', 1, 'command'])).toEqual({ line: 7, column: 11 });
    expect(locator.locate(['nope', 3])).toEqual({ line: 1, column: 1 });
  });
});
