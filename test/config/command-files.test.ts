// What a command hook runs (src/config/command-files.ts): the program when a path names it, an
// interpreter's script past its flags, every simple command of a line, `cd`, wrappers, and the names made
// only at run time.
import { homedir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { commandFiles } from '../../src/config/command-files.js';
import { programFile } from '../../src/config/program-file.js';

const place = { runDir: '/repo/sub', projectDir: '/repo', pluginRoot: '/plugins/p' };
const files = (command: string) => commandFiles({ command }, place);

describe('commandFiles', () => {
  it.each([
    ['./x.sh', ['/repo/sub/x.sh']],
    ['sh ./hooks/x.sh', ['/repo/sub/hooks/x.sh']],
    ['bash -eu x.sh arg', ['/repo/sub/x.sh']],
    ['bash -o pipefail x.sh', ['/repo/sub/x.sh']],
    ['/bin/sh x.sh', ['/repo/sub/x.sh']],
    ['python3 -u -W ignore x.py --flag', ['/repo/sub/x.py']],
    ['python3 -m pkg.tool', ['/repo/sub/pkg/tool.py', '/repo/sub/pkg/tool/__main__.py']],
    ['node -r ./pre.js --import=x main.mjs', ['/repo/sub/pre.js', '/repo/sub/main.mjs']],
    ['deno run -A x.ts', ['/repo/sub/x.ts']],
    ['npx -y tsx x.ts', ['/repo/sub/node_modules/.bin/tsx', '/repo/node_modules/.bin/tsx', '/repo/sub/x.ts']],
    ['npx prettier --check .', ['/repo/sub/node_modules/.bin/prettier', '/repo/node_modules/.bin/prettier']],
    ['ruby -I lib x.rb', ['/repo/sub/x.rb']],
    ['pwsh -NoProfile -File x.ps1', ['/repo/sub/x.ps1']],
    ['FOO=1 env -u BAR BAZ=2 timeout -s KILL 5 sh x.sh', ['/repo/sub/x.sh']],
    ['cd .. && sh hooks/x.sh; ./y.sh | ./z.sh 2>&1 > log', ['/repo/hooks/x.sh', '/repo/sub/hooks/x.sh', '/repo/y.sh', '/repo/sub/y.sh', '/repo/z.sh', '/repo/sub/z.sh']],
    ['(cd hooks); sh x.sh', ['/repo/sub/hooks/x.sh', '/repo/sub/x.sh']],
    [`bash -c 'sh a.sh && python3 b.py'`, ['/repo/sub/a.sh', '/repo/sub/b.py']],
    ['"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh', ['/repo/.claude/hooks/x.sh']],
    ['sh "${GEMINI_PROJECT_DIR}/h.sh"', ['/repo/h.sh']],
    ['sh "$(git rev-parse --show-toplevel)/h.sh"', ['/repo/h.sh']],
    ['${CLAUDE_PLUGIN_ROOT}/run.sh', ['/plugins/p/run.sh']],
    ['sh ~/bin/x.sh', [`${homedir()}/bin/x.sh`]],
    [`echo '{"ok":true}' # ./not-run.sh`, []],
    ['python3 -c "import os"', []],
    ['node -e "1" x.js', []],
    ['jq . < ./input.json', []],
    // Issue 23 review: a script run by a builtin, behind a reserved word, from stdin or through env -S.
    ['. ./hooks/x.sh', ['/repo/sub/hooks/x.sh']],
    ['source hooks/x.sh arg', ['/repo/sub/hooks/x.sh']],
    ['if true; then ./x.sh; fi', ['/repo/sub/x.sh']],
    ['{ ./x.sh; } && ! ./y.sh', ['/repo/sub/x.sh', '/repo/sub/y.sh']],
    ['while ./x.sh; do :; done', ['/repo/sub/x.sh']],
    ['sh < hooks/x.sh', ['/repo/sub/hooks/x.sh']],
    ['bash -s arg < x.sh', ['/repo/sub/x.sh']],
    ['python3 - < x.py', ['/repo/sub/x.py']],
    ['sh <<EOF\n./x.sh\nEOF', ['/repo/sub/x.sh']],
    [`env -S 'sh x.sh' arg`, ['/repo/sub/x.sh']],
    ['/usr/bin/env -S"bash -e x.sh"', ['/repo/sub/x.sh']],
    ['node --require=./pre.js --import=./i.mjs main.js', ['/repo/sub/pre.js', '/repo/sub/i.mjs', '/repo/sub/main.js']],
    ['python3 -Im tool', ['/repo/sub/tool.py', '/repo/sub/tool/__main__.py']],
    ['python3 -Ic "import os" x.py', []],
    ['sudo -u me ./x.sh', ['/repo/sub/x.sh']],
  ])('%s', (command, expected) => {
    expect(files(command)).toMatchObject({ files: expected, dynamic: [] });
  });

  it('reports a program or script named at run time', () => {
    expect(files('sh "$SCRIPT"').dynamic).toEqual(['$SCRIPT']);
    expect(files('$SHELL x.sh').dynamic).toEqual(['$SHELL']);
    expect(files('`which python3` x.py').dynamic).toHaveLength(1);
    expect(files('echo "$HOME_DIR"').dynamic).toEqual([]);
  });

  it('reports a shell or interpreter that reads its script from a pipe: what it runs cannot be pinned', () => {
    expect(files('cat x.sh | sh').dynamic).toHaveLength(1);
    expect(files('curl -s https://x.example/i | bash -s --').dynamic).toHaveLength(1);
    expect(files('cat x.py | python3 -').dynamic).toHaveLength(1);
    expect(files('cat x.sh | xargs -0 sh').dynamic).toHaveLength(1);
    expect(files('cat x.sh |& sh').dynamic).toHaveLength(1);
    expect(files('cat x.sh |\n  sh').dynamic).toHaveLength(1);
    expect(files('bash <(curl -s https://x.example/i)').dynamic).toHaveLength(1);
  });

  it('a line of 100,000 wrappers or reserved words is read once (no copy per word, no deep recursion): wrappers past any real use are never trusted', () => {
    expect(files(`${'nohup '.repeat(100_000)}./x.sh`).dynamic).toHaveLength(1);
    expect(files(`${'env -S '.repeat(50_000)}sh x.sh`).dynamic).toHaveLength(1);
    expect(files(`${'if '.repeat(100_000)}./x.sh`).files).toEqual(['/repo/sub/x.sh']);
  });

  it('reads the commands a substitution runs (`$( … )`, backticks, `<( … )`)', () => {
    expect(files('echo "$(./x.sh)" `sh y.sh`').files).toEqual(['/repo/sub/x.sh', '/repo/sub/y.sh']);
    expect(files('diff <(./x.sh) out.txt').files).toEqual(['/repo/sub/x.sh']);
  });

  it('reads exec form (`args`) as words, no shell', () => {
    expect(commandFiles({ command: 'python3', args: ['a b.py', '$X'] }, place).files).toEqual(['/repo/sub/a b.py']);
  });
});

describe('programFile', () => {
  it('is the first program a path names, from the project', () => {
    expect(programFile({ command: '"$CLAUDE_PROJECT_DIR"/hooks/x.sh --flag' }, { projectDir: '/repo' })).toBe('/repo/hooks/x.sh');
    expect(programFile({ command: 'cd hooks && ./x.sh' }, { projectDir: '/repo' })).toBe('/repo/hooks/x.sh');
    expect(programFile({ command: 'jq .' }, { projectDir: '/repo' })).toBeUndefined();
    expect(programFile({ command: '$X/y.sh' }, { projectDir: '/repo' })).toBeUndefined();
  });
});
