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
    ['npx -y tsx x.ts', ['/repo/sub/x.ts']],
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
  ])('%s', (command, expected) => {
    expect(files(command)).toMatchObject({ files: expected, dynamic: [] });
  });

  it('reports a program or script named at run time', () => {
    expect(files('sh "$SCRIPT"').dynamic).toEqual(['$SCRIPT']);
    expect(files('$SHELL x.sh').dynamic).toEqual(['$SHELL']);
    expect(files('`which python3` x.py').dynamic).toHaveLength(1);
    expect(files('echo "$HOME_DIR"').dynamic).toEqual([]);
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
