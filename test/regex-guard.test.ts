// Matchers and `if` rules on values the model controls never backtrack for long: catastrophic regex
// shapes are refused at registration, and `*` rules are a linear glob. The attacks run in a child
// process with a time limit, so a regression fails the test instead of hanging the suite.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { catastrophicShape, compileListOrRegex } from '../src/regex-guard.js';
import { wildcard } from '../src/profiles/claude/matcher.js';

describe('catastrophicShape', () => {
  it('refuses repeated groups that repeat or alternate inside, and lets ordinary matchers through', () => {
    for (const bad of ['(a+)+$', '(a|a)*', '(\\w+\\s?)*$', '((ab)*)+', '(x+){2,}', '^(.*a){20}$', '^\\w*\\w*\\w*\\w*\\w*$', '^.*.*.*.*.*.*=$']) expect(catastrophicShape(bad), bad).toBeDefined();
    for (const ok of ['Bash', 'Edit|Write', '^mcp__.*__write', '(Edit|Write)', 'Notebook.*', '[(a+)+]*', '\\(a+\\)+', 'a{2}', '(mcp__\\w+){0,1}', '(ab){3}']) expect(catastrophicShape(ok), ok).toBeUndefined();
  });
});

describe('catastrophicShape counts unbounded repeats per path, not per pattern', () => {
  it('lets alternatives that each repeat a little through, and still refuses repeats in a row', () => {
    // Alternatives are never tried one after another: each path has at most 2 here.
    for (const ok of ['read_.*|write_.*|.*_file|.*shell.*', '(a.*|b.*)(c.*|d.*)', '^(?:.*x.*|.*y.*|.*z.*|.*w.*)$', 'a*b*c*|d*e*f*']) expect(catastrophicShape(ok), ok).toBeUndefined();
    for (const bad of ['(a.*|b.*)(c.*|d.*)(e.*)(f.*)', 'x|a*b*c*d*', '(?:a*b*)(?:c*d*)', '.*(?:x|.*.*.*)']) expect(catastrophicShape(bad), bad).toBeDefined();
  });
});

describe('catastrophicShape: the holes a review found', () => {
  it('refuses case-insensitive look-alike words, optional parts repeated, large bounds, and an unbalanced ")" a wrapper could close', () => {
    expect(catastrophicShape('(a|A)+$', 'i')).toBeDefined();
    expect(catastrophicShape('(a|A)+$')).toBeUndefined();
    expect(catastrophicShape('^(a?a?)+$')).toBeDefined();
    expect(catastrophicShape('a{1,200}a{1,200}a{1,200}a{1,200}')).toBeDefined();
    expect(catastrophicShape('a{2,5}b')).toBeUndefined();
    expect(catastrophicShape('a|a)*(')).toBeDefined();
    // The anchored dialect (copilot) guards what runs: `a|a)*(` must not become `^(?:a|a)*()$`.
    const anchored = compileListOrRegex('a|a)*(', { exactList: /(?!)/, separator: /$^/, anchored: true, invalid: 'never' }, { warn: () => {} })!;
    expect(anchored('a'.repeat(40) + '!')).toBe(false);
    const ci = compileListOrRegex('(a|A)+$', { exactList: /(?!)/, separator: /$^/, refused: 'always', translate: (p) => ({ source: p, flags: 'i' }) }, { warn: () => {} })!;
    expect(ci('a'.repeat(40) + '!')).toBe(true);
  });
});

describe('catastrophicShape reads a repeated alternation of plain words none of which starts another as safe', () => {
  it('lets (edit|replace)+ through and still refuses ambiguous ones', () => {
    for (const ok of ['^(edit|replace)+$', '(?:read_file|write_file)+', '^(foo|bar|baz)*$']) expect(catastrophicShape(ok), ok).toBeUndefined();
    for (const bad of ['(a|aa)+', '(ab|abc)*$', '(a|b.)+', '(\\w|x)+']) expect(catastrophicShape(bad), bad).toBeDefined();
    const m = compileListOrRegex('^(edit|replace)+$', { exactList: /(?!)/, separator: /$^/, refused: 'always' }, { warn: () => {} })!;
    expect([m('glob'), m('editreplace')]).toEqual([false, true]);
  });
  it("a pattern still refused matches only itself by default, and everything with refused: 'always'", () => {
    const quiet = { warn: () => {} };
    expect(compileListOrRegex('(a|aa)+$', { exactList: /(?!)/, separator: /$^/ }, quiet)!('aaa')).toBe(false);
    expect(compileListOrRegex('(a|aa)+$', { exactList: /(?!)/, separator: /$^/, refused: 'always' }, quiet)!('glob')).toBe(true);
  });
});

describe('wildcard (`*` rules)', () => {
  it('matches like a `*` glob: anchored, greedy leftmost, literal elsewhere', () => {
    expect(wildcard('git push*').test('git push --force')).toBe(true);
    expect(wildcard('git push*').test('xgit push')).toBe(false);
    expect(wildcard('*git*push*--force').test('cd x && git commit; git push origin --force')).toBe(true);
    expect(wildcard('*git*push*--force').test('git push --force-with-lease')).toBe(false);
    expect(wildcard('a*a').test('a')).toBe(false);
    expect(wildcard('a*a').test('aa')).toBe(true);
    expect(wildcard('*.ts').test('src/x.ts')).toBe(true);
    expect(wildcard('ls').test('ls -la')).toBe(false);
  });
});

describe('attacks, with a time limit', () => {
  it('a `(a+)+$` matcher against a long tool name, a 35 kB command against `Bash(*git*push*--force)`, 12 stars against 40 characters: each within a second', () => {
    const code = `const { HookRegistry } = await import('./dist/index.js');
const quiet = { warn() {} };
const t0 = performance.now();
const c = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: quiet });
c.register('PreToolUse', () => undefined, { matcher: '(a+)+$' });
await c.dispatch('PreToolUse', { tool_name: 'a'.repeat(40) + '!', tool_input: {}, tool_use_id: 't' });
const d = new HookRegistry({ logger: quiet });
d.register('PreToolUse', () => undefined, { matcher: '(a+)+$' });
await d.dispatch('PreToolUse', { toolName: 'a'.repeat(40) + '!' });
c.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'true', if: 'Bash(*git*push*--force)' }, { type: 'command', command: 'true', if: 'Bash(' + '*a'.repeat(12) + 'b)' }] }] } }, { source: 'user' });
c.explain('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'git push '.repeat(4000) }, tool_use_id: 't' });
c.explain('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'a'.repeat(40) }, tool_use_id: 't' });
console.log(Math.round(performance.now() - t0));`;
    const ms = Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', timeout: 20_000 }));
    expect(ms).toBeLessThan(1000);
  });
});
