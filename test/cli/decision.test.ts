import { describe, expect, it } from 'vitest';
import { shortName } from '../../src/cli/decision.js';

describe('shortName (the "Why" section’s hook names)', () => {
  it('shows the distinctive part: the script’s name and arguments, not the folder three hooks share', () => {
    const names = ['check-format.sh', 'check-tests.sh', 'check-secrets.sh'].map((s) => shortName(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/very/long/shared/folder/${s} --strict`));
    expect(names).toEqual(['‹check-format.sh --strict›', '‹check-tests.sh --strict›', '‹check-secrets.sh --strict›']);
    expect(shortName('node scripts/guard.mjs PreToolUse')).toBe('‹guard.mjs PreToolUse›');
    expect(shortName('echo hi')).toBe('‹echo hi›');
    expect(shortName(`echo '${'x'.repeat(60)}'`)).toMatch(/^‹echo 'x+…›$/);
  });
});
