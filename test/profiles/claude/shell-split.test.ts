import { describe, expect, it } from 'vitest';
import { compileIfCondition } from '../../../src/profiles/claude/matcher.js';
import { splitSimpleCommands } from '../../../src/profiles/claude/shell-split.js';
import { makeLogger } from '../../helpers/logger.js';

describe('splitSimpleCommands', () => {
  it.each([
    ['npm test && git push', ['npm test', 'git push']],
    ['echo hi; git log', ['echo hi', 'git log']],
    ['FOO=bar BAZ="a b" git status', ['git status']],
    ['ls | git status || true', ['ls', 'git status', 'true']],
    ['ls\ngit log &', ['ls', 'git log']],
    ['echo "git push"', ['echo "git push"']],
    ["echo 'a; b' && c", ["echo 'a; b'", 'c']],
    ['echo $(git status) x', ['git status', 'echo $(git status) x']],
    ['echo "$(git push)"', ['git push', 'echo "$(git push)"']],
    ['echo `git log`', ['git log', 'echo `git log`']],
    ['(cd sub && git push)', ['cd sub', 'git push']],
    ['if git diff --quiet; then echo same; fi', ['git diff --quiet', 'echo same', 'fi']],
    ['! git push', ['git push']],
    ['echo a # ; git push', ['echo a']],
    ['echo a\\; git push', ['echo a\\; git push']],
  ])('%j -> %j', (command, expected) => {
    expect(splitSimpleCommands(command)).toEqual(expected);
  });

  it.each(['echo "unterminated', "echo 'open", 'echo $(git push', 'echo )', 'echo `x'])('cannot read %j: undefined (the caller runs the hook)', (command) => {
    expect(splitSimpleCommands(command)).toBeUndefined();
  });

  it('gives up past 64 levels of nesting, and stays linear on a long command', () => {
    expect(splitSimpleCommands(`${'$('.repeat(70)}x${')'.repeat(70)}`)).toBeUndefined();
    const long = 'a && '.repeat(20_000) + 'git push';
    const simple = splitSimpleCommands(long)!;
    expect(simple).toHaveLength(20_001);
    expect(simple.at(-1)).toBe('git push');
  });
});

describe('`if` on Bash: every simple command (Claude Code 2.1.328, issue 10 rule 2)', () => {
  const rule = compileIfCondition('Bash(git *)', () => '/repo', makeLogger())!;
  const fires = (command: string): boolean => rule('Bash', { command });
  it.each([
    ['npm test && git push', true],
    ['echo hi; git log', true],
    ['FOO=bar git status', true],
    ['echo $(git status)', true],
    ['echo "git push"', false],
    ['gitx status', false],
    ['echo "unterminated', true], // cannot be read: the hook runs (fail safe)
    // Shapes a review found where bash runs git but a naive split does not see it:
    ['TOKEN=$(cat ~/.token) git push', true],
    ['X=`date +%s` git push', true],
    ["echo $'\\'' ; git push ; echo \\'", true],
    ["cat <<EOF\n'\nEOF\ngit push", true],
    ['\\git push', true],
    ["'git' push", true],
    ['"git" push', true],
    ["g''it push", true],
    ['git\tpush', true],
    ['git \\\npush', true],
    ['g\\\nit push', true],
    ['2>/dev/null git push', true],
    ['>out git push', true],
    ['> out git push', true],
    ['time -p git push', true],
    ['exec -a x git push', true],
    ['command -p git push', true],
    ['sudo -u root git push', true],
    ['env -i FOO=1 git push', true],
    ['$(echo git) push', true], // a name made at run time: the hook runs
    ["eval 'git push'", true],
    ["bash -c 'git push'", true],
    // A second review's shapes: wrappers' option arguments, more wrappers, commands held in arguments.
    ['env -S "git push --force"', true],
    ['sudo --user root git push', true],
    ['sudo -nu root git push', true],
    ['env -iu X git push', true],
    ['timeout 60 git push', true],
    ['timeout -s KILL 60 git push', true],
    ['xargs git push', true],
    ['stdbuf -o0 git push', true],
    ['setsid git push', true],
    ['doas -u root git push', true],
    ['nice -n 5 git push', true],
    ['watch git status', true],
    ['su -c "git push"', true],
    ["script -c 'git push'", true],
    ['find . -name x -exec git push \\;', true],
    ['echo "git push" | sh', true],
    ['coproc git push', true],
    ['function f { git push; }', true],
    // and still not:
    ['find . -name x', false],
    ['timeout 60 make', false],
    ['echo git push', false],
    ["echo 'a; git push'", false],
    ['gitx push', false],
  ])('%j fires: %s', (command, expected) => {
    expect(fires(command)).toBe(expected);
  });

  it('still matches a rule written with operators against the whole line', () => {
    const whole = compileIfCondition('Bash(npm test && git push*)', () => '/repo', makeLogger())!;
    expect(whole('Bash', { command: 'npm test && git push origin' })).toBe(true);
  });
});
