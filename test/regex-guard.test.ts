// Matchers and `if` rules on values the model controls never backtrack for long: matchers run on the
// bounded engine (src/regex/), and `*` rules are a linear glob. The attacks run in a child
// process with a time limit, so a regression fails the test instead of hanging the suite.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compileListOrRegex, compileMatcherRegex } from '../src/regex-guard.js';
import { wildcard } from '../src/profiles/claude/matcher.js';

describe('compileMatcherRegex: every matcher runs on the bounded engine', () => {
  const quiet = { warn: () => {} };
  it('runs patterns a shape test used to refuse as written (they are linear here, as in Rust)', () => {
    for (const [pattern, yes, no] of [
      ['(a+)+$', 'aaa', `${'a'.repeat(40)}!`],
      ['(a|a)*b', 'aab', 'a'.repeat(40)],
      ['^(\\w+\\s?)*$', 'two words', `${'word '.repeat(20)}!`],
      ['^(a?a?)+$', 'aaaa', `${'a'.repeat(40)}!`],
    ] as const) {
      const test = compileMatcherRegex({ source: pattern }, pattern, quiet);
      if (test instanceof Error) throw test;
      expect([test(yes), test(no)], pattern).toEqual([true, false]);
    }
  });

  it('returns the native error for a pattern that does not compile, and an anchored pattern cannot break out of its group', () => {
    expect(compileMatcherRegex({ source: '(' }, '(', quiet)).toBeInstanceOf(Error);
    expect(compileMatcherRegex({ source: 'a|a)*(', anchored: true }, 'a|a)*(', quiet)).toBeInstanceOf(Error);
    const anchored = compileListOrRegex('a|a)*(', { exactList: /(?!)/, separator: /$^/, anchored: true, invalid: 'never' }, quiet)!;
    expect(anchored('a'.repeat(40) + '!')).toBe(false);
  });

  it('a pattern the engine cannot run, or a test past its budget, runs the hooks with one warning naming the pattern', () => {
    const warnings: string[] = [];
    const logger = { warn: (m: string) => void warnings.push(m) };
    const backref = compileMatcherRegex({ source: '(a)\\1' }, '(a)\\1', logger) as (v: string) => boolean;
    expect([backref('b'), backref('aa')]).toEqual([true, true]);
    expect(warnings).toEqual([expect.stringMatching(/"\(a\)\\\\1" cannot be run in bounded time \(it uses the backreference \\1\); its hooks run on every value/)]);
    const heavy = `.*${'.{0,16}'.repeat(8)}Z`;
    const test = compileMatcherRegex({ source: heavy }, heavy, logger) as (v: string) => boolean;
    expect(test('a'.repeat(60))).toBe(false);
    expect([test('a'.repeat(20_000)), test('b'.repeat(20_000))]).toEqual([true, true]);
    expect(warnings.slice(1)).toEqual([expect.stringContaining(`matcher ${JSON.stringify(heavy)} did not finish within its budget`)]);
  });

  it('case-insensitive dialects (codex (?i)) keep JavaScript\'s `i`', () => {
    const ci = compileListOrRegex('(a|A)+$', { exactList: /(?!)/, separator: /$^/, translate: (p) => ({ source: p, flags: 'i' }) }, quiet)!;
    expect([ci('a'.repeat(40) + '!'), ci('xaA')]).toEqual([false, true]);
    const m = compileListOrRegex('^(edit|replace)+$', { exactList: /(?!)/, separator: /$^/ }, quiet)!;
    expect([m('glob'), m('editreplace')]).toEqual([false, true]);
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
