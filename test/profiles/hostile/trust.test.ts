// Issue 23, class 6: the trust store pins what a command actually runs. An approved hook whose script
// changes is a changed hook whatever runs it — `sh ./hooks/x.sh`, `bash hooks/x.sh`, `python3 x.py`,
// `cd hooks && sh x.sh`, copilot's `{ bash, cwd }` —, and a script too large to hash is never trusted.
// One suite for every profile (the trust store is the registry's, whatever the dialect), then Codex's own
// trust: a `.codex/hooks.json` symlinked to another repository's approved file does not carry that
// approval over, and a project's `notify` program does not run while nothing in the project is approved.
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codexHookKey, codexTrustedHash } from '../../../src/profiles/codex/trust.js';
import { makeLogger, sleep } from '../../helpers/logger.js';
import { HookRegistry, PROFILE_NAMES_FOR_TESTS } from '../contract-dialects.js';

const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };

// Where each profile's project hooks file lives in a repository.
const PROJECT_FILE: Record<string, string> = {
  default: '.hooks/hooks.json',
  claude: '.claude/settings.json',
  codex: '.codex/hooks.json',
  gemini: '.gemini/settings.json',
  copilot: '.github/hooks/hooks.json',
  cursor: '.cursor/hooks.json',
};

interface Registry {
  addConfig(config: unknown, options: { source: string; file?: string }): { added: unknown[]; skipped: Record<string, any>[] };
  dispatch(event: string, payload: unknown): Promise<Record<string, any>>;
  readonly trustStore: { approve(hooks: readonly unknown[]): void };
  close(): Promise<void>;
}

// A repository with a hooks folder; `write` (re)writes one of its files.
function makeRepo(): { repo: string; write(path: string, text: string): void } {
  const repo = realpathSync(mkdtempSync(join(tmpdir(), 'hh-hostile-trust-')));
  return {
    repo,
    write(path, text) {
      mkdirSync(join(repo, path, '..'), { recursive: true });
      writeFileSync(join(repo, path), text, { mode: 0o755 });
    },
  };
}

// Scripts that say `v1` / `v2` on stdout (what a hook prints does not matter here: whether it ran does).
const SH = (v: string) => `#!/bin/sh\necho ${v} >&2\nexit 0\n`;
const PY = (v: string) => `import sys\nprint(${JSON.stringify(v)}, file=sys.stderr)\n`;

describe.each(PROFILE_NAMES_FOR_TESTS)('trust store pins the script a command runs: %s profile', (name, d) => {
  const rel = PROJECT_FILE[name];
  if (rel === undefined) throw new Error(`trust.test.ts has no project file for the ${name} profile: add one`);
  const store = () => join(mkdtempSync(join(tmpdir(), 'hh-hostile-store-')), 'trust.json');
  const open = (repo: string, trustStore: string): Registry =>
    new HookRegistry({ profile: d.name, settings: SETTINGS, trustStore, projectDir: repo, session: { sessionId: 's1', cwd: repo }, logger: makeLogger(), ...d.options } as never) as unknown as Registry;
  const load = (r: Registry, repo: string, command: string) => r.addConfig(d.config(d.tool.event, [d.commandHook(command)]), { source: d.projectSource, file: join(repo, rel) });
  const payload = (repo: string) => ({ ...d.tool.payload, cwd: repo });

  const cases: [string, string, string, (v: string) => string][] = [
    ['sh ./hooks/x.sh', 'sh ./hooks/x.sh', 'hooks/x.sh', SH],
    ['bash hooks/x.sh', 'bash hooks/x.sh', 'hooks/x.sh', SH],
    ['python3 -u hooks/x.py', 'python3 -u hooks/x.py', 'hooks/x.py', PY],
    ['an env assignment, then sh -e', 'FOO=1 sh -e hooks/x.sh', 'hooks/x.sh', SH],
    ['cd hooks && sh x.sh', 'cd hooks && sh x.sh', 'hooks/x.sh', SH],
    ['bash -c with a script in it', `bash -c 'sh hooks/x.sh'`, 'hooks/x.sh', SH],
    // The review of issue 23: a script read by `.`, behind a reserved word, from stdin, or through env -S.
    ['. ./hooks/x.sh', '. ./hooks/x.sh', 'hooks/x.sh', SH],
    ['if …; then ./hooks/x.sh; fi', 'if true; then ./hooks/x.sh; fi', 'hooks/x.sh', SH],
    ['sh < hooks/x.sh', 'sh < hooks/x.sh', 'hooks/x.sh', SH],
    ["env -S 'sh hooks/x.sh'", "env -S 'sh hooks/x.sh'", 'hooks/x.sh', SH],
    ['echo "$(./hooks/x.sh)"', 'echo "$(./hooks/x.sh)" >&2', 'hooks/x.sh', SH],
  ];
  for (const [label, command, script, body] of cases) {
    it(`${label}: editing the script after approval makes the hook changed, and it does not run`, async () => {
      const { repo, write } = makeRepo();
      write(script, body('v1'));
      const file = store();
      const first = open(repo, file);
      const report = load(first, repo, command);
      expect(report.skipped).toEqual([expect.objectContaining({ trust: 'new', gate: 'trustStore' })]);
      first.trustStore.approve(report.skipped);
      await first.close();

      const approved = open(repo, file);
      expect(load(approved, repo, command).added).toHaveLength(1);
      expect((await approved.dispatch(d.tool.event, payload(repo))).runs).toHaveLength(1);
      await approved.close();

      write(script, body('v2, the attacker\'s'));
      const changed = open(repo, file);
      expect(load(changed, repo, command).skipped).toEqual([expect.objectContaining({ trust: 'changed', gate: 'trustStore' })]);
      expect((await changed.dispatch(d.tool.event, payload(repo))).runs).toEqual([]);
      await changed.close();
    });
  }

  it('a script changed while the registry runs is not run: the run is a recorded failure, and its new code never starts', async () => {
    const { repo, write } = makeRepo();
    const marker = join(repo, 'EDITED-CODE-RAN');
    write('hooks/x.sh', SH('v1'));
    const file = store();
    const first = open(repo, file);
    first.trustStore.approve(load(first, repo, 'sh ./hooks/x.sh').skipped);
    const r = open(repo, file);
    expect(load(r, repo, 'sh ./hooks/x.sh').added).toHaveLength(1);
    expect((await r.dispatch(d.tool.event, payload(repo))).runs).toHaveLength(1);
    write('hooks/x.sh', `#!/bin/sh\ntouch '${marker}'\n`);
    const after = await r.dispatch(d.tool.event, payload(repo));
    expect(after.runs).toEqual([expect.objectContaining({ outcome: 'error', message: expect.stringMatching(/changed since it was approved/) })]);
    await r.close();
    expect(existsSync(marker)).toBe(false);
  });

  it('a shell that reads its script from a pipe is never trusted, even once "approved", and says why', async () => {
    const { repo, write } = makeRepo();
    write('hooks/x.sh', SH('v1'));
    const file = store();
    const first = open(repo, file);
    const report = load(first, repo, 'cat hooks/x.sh | sh');
    expect(report.skipped).toEqual([expect.objectContaining({ gate: 'trustStore', reason: expect.stringMatching(/cannot be pinned/) })]);
    first.trustStore.approve(report.skipped);
    expect(load(open(repo, file), repo, 'cat hooks/x.sh | sh').added).toEqual([]);
  });

  it('a script over the hash size limit is never trusted, even once "approved", and says why', async () => {
    const { repo, write } = makeRepo();
    write('hooks/big.sh', `${SH('v1')}#${'x'.repeat(1024 * 1024 + 10)}\n`);
    const file = store();
    const first = open(repo, file);
    const report = load(first, repo, 'sh ./hooks/big.sh');
    expect(report.skipped).toEqual([expect.objectContaining({ gate: 'trustStore', reason: expect.stringMatching(/too large/) })]);
    first.trustStore.approve(report.skipped);
    const again = open(repo, file);
    expect(load(again, repo, 'sh ./hooks/big.sh').added).toEqual([]);
    expect((await again.dispatch(d.tool.event, payload(repo))).runs).toEqual([]);
  });

  // The review of issue 23: these profiles run a hook in the session's folder (the payload's `cwd`), which
  // need not be the project's. `./hooks/x.sh` approved from the project's folder is another file there.
  if (name !== 'copilot' && name !== 'cursor') {
    it("a relative script approved in the project's folder does not run from another folder the session is in", async () => {
      const { repo, write } = makeRepo();
      write('hooks/x.sh', SH('v1'));
      const marker = join(repo, 'OTHER-SCRIPT-RAN');
      write('sub/hooks/x.sh', `#!/bin/sh\ntouch '${marker}'\n`);
      const file = store();
      const first = open(repo, file);
      first.trustStore.approve(load(first, repo, 'sh ./hooks/x.sh').skipped);
      const sub = join(repo, 'sub');
      const r = new HookRegistry({ profile: d.name, settings: SETTINGS, trustStore: file, projectDir: repo, session: { sessionId: 's1', cwd: sub }, logger: makeLogger(), ...d.options } as never) as unknown as Registry;
      expect(load(r, repo, 'sh ./hooks/x.sh').added).toHaveLength(1);
      const result = await r.dispatch(d.tool.event, { ...d.tool.payload, ...(name === 'default' ? {} : { cwd: sub }) });
      await r.close();
      expect(existsSync(marker)).toBe(false);
      expect(result.runs).toEqual([expect.objectContaining({ outcome: 'error', message: expect.stringMatching(/another folder|changed since it was approved/) })]);
    });
  }

  it('a script that appears after approval (it was missing then) makes the hook changed', async () => {
    const { repo, write } = makeRepo();
    const file = store();
    const first = open(repo, file);
    first.trustStore.approve(load(first, repo, 'sh ./hooks/later.sh').skipped);
    write('hooks/later.sh', SH('planted'));
    expect(load(open(repo, file), repo, 'sh ./hooks/later.sh').skipped).toEqual([expect.objectContaining({ trust: 'changed' })]);
  });
});

describe('trust store: copilot runs a hook in its own `cwd`', () => {
  it('pins the script in the folder the hook runs in (`{ bash: "./x.sh", cwd: "sub" }`)', async () => {
    const { repo, write } = makeRepo();
    write('sub/x.sh', SH('v1'));
    const file = join(mkdtempSync(join(tmpdir(), 'hh-hostile-store-')), 'trust.json');
    const config = { version: 1, hooks: { preToolUse: [{ type: 'command', bash: './x.sh', cwd: 'sub' }] } };
    const open = () => new HookRegistry({ profile: 'copilot', settings: SETTINGS, trustStore: file, projectDir: repo, logger: makeLogger() } as never) as unknown as Registry;
    const at = { source: 'project', file: join(repo, '.github/hooks/hooks.json') };
    const first = open();
    first.trustStore.approve(first.addConfig(config, at).skipped);
    expect(open().addConfig(config, at).added).toHaveLength(1);
    write('sub/x.sh', SH('v2'));
    const changed = open();
    expect(changed.addConfig(config, at).skipped).toEqual([expect.objectContaining({ trust: 'changed' })]);
    expect((await changed.dispatch('preToolUse', { toolName: 'bash', toolArgs: { command: 'ls' } })).runs).toEqual([]);
  });
});

describe('codex: Codex\'s own trust, and ours on top', () => {
  const hookFile = (command: string) => JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command }] }] } });
  const hookState = (file: string, command: string) => ({ [codexHookKey(file, 'PreToolUse', 0, 0)]: { trusted_hash: codexTrustedHash('PreToolUse', 'Bash', { command }) } });
  const PRE = (cwd: string) => ({ tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'c1', turn_id: 't1', model: 'm', permission_mode: 'default', cwd });
  const codex = (options: Record<string, unknown>) => new HookRegistry({ profile: 'codex', settings: SETTINGS, logger: makeLogger(), ...options } as never) as any;
  const load = (r: any, repo: string) => r.loadSettings({ projectDir: repo, codexHome: mkdtempSync(join(tmpdir(), 'hh-codex-home-')), systemDir: false, requirementsFile: false, projectTrusted: true });

  it('a hook Codex approved (trusted_hash) whose script changes does not run under a trust store', async () => {
    const { repo, write } = makeRepo();
    const command = 'sh ./.codex/guard.sh';
    write('.codex/hooks.json', hookFile(command));
    write('.codex/guard.sh', SH('v1'));
    const state = hookState(join(repo, '.codex/hooks.json'), command);
    const file = join(mkdtempSync(join(tmpdir(), 'hh-hostile-store-')), 'trust.json');
    const first = codex({ hookState: state, trustStore: file, projectDir: repo });
    const reports = await load(first, repo);
    first.trustStore.approve(reports.flatMap((r: any) => r.skipped));
    const approved = codex({ hookState: state, trustStore: file, projectDir: repo });
    expect((await load(approved, repo)).flatMap((r: any) => r.added)).toHaveLength(1);
    write('.codex/guard.sh', SH('v2'));
    const changed = codex({ hookState: state, trustStore: file, projectDir: repo });
    expect((await load(changed, repo)).flatMap((r: any) => r.skipped)).toEqual([expect.objectContaining({ trust: 'changed', gate: 'trustStore' })]);
    expect((await changed.dispatch('PreToolUse', PRE(repo))).runs).toEqual([]);
  });

  it('a .codex/hooks.json that is a symbolic link to another repository\'s approved file is not approved in this one', async () => {
    const a = makeRepo();
    const b = makeRepo();
    const command = 'sh ./.codex/guard.sh';
    a.write('.codex/hooks.json', hookFile(command));
    a.write('.codex/guard.sh', SH('a'));
    b.write('.codex/guard.sh', SH('b, the attacker\'s'));
    symlinkSync(join(a.repo, '.codex/hooks.json'), join(b.repo, '.codex/hooks.json'));
    const state = hookState(join(a.repo, '.codex/hooks.json'), command);
    // Repository A's own approval still counts there.
    expect((await load(codex({ hookState: state, projectDir: a.repo }), a.repo)).flatMap((r: any) => r.added)).toHaveLength(1);
    const inB = codex({ hookState: state, projectDir: b.repo });
    const skipped = (await load(inB, b.repo)).flatMap((r: any) => r.skipped);
    expect(skipped).toEqual([expect.objectContaining({ gate: 'harnessTrust', trust: 'new' })]);
    expect((await inB.dispatch('PreToolUse', PRE(b.repo))).runs).toEqual([]);
  });

  it('a .codex folder that is a symbolic link to another repository\'s is not approved in this one either', async () => {
    const a = makeRepo();
    const b = makeRepo();
    const command = 'sh ./scripts/guard.sh';
    a.write('.codex/hooks.json', hookFile(command));
    b.write('scripts/guard.sh', SH('b, the attacker\'s'));
    symlinkSync(join(a.repo, '.codex'), join(b.repo, '.codex'));
    const state = hookState(join(a.repo, '.codex/hooks.json'), command);
    const inB = codex({ hookState: state, projectDir: b.repo });
    expect((await load(inB, b.repo)).flatMap((r: any) => r.skipped)).toEqual([expect.objectContaining({ gate: 'harnessTrust', trust: 'new' })]);
  });

  it('a project config.toml\'s notify program does not run while nothing in the project is approved', async () => {
    const { repo, write } = makeRepo();
    const marker = join(repo, 'NOTIFIED');
    write('notify.sh', `#!/bin/sh\ntouch '${marker}'\n`);
    write('.codex/config.toml', `notify = ["sh", "${join(repo, 'notify.sh')}"]\n[[hooks.PreToolUse]]\nmatcher = "Bash"\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "true"\n`);
    const r = codex({ projectDir: repo });
    await load(r, repo);
    expect(r.notifyTurnComplete({ threadId: 't', turnId: 'u', inputMessages: [], lastAssistantMessage: null })).toBe(false);
    await sleep(300);
    await r.close();
    expect(existsSync(marker)).toBe(false);

    // Once a hook of the project is approved (Codex's trusted_hash), its notify runs.
    const approved = codex({ projectDir: repo, hookState: { [codexHookKey(join(repo, '.codex/config.toml'), 'PreToolUse', 0, 0)]: { trusted_hash: codexTrustedHash('PreToolUse', 'Bash', { command: 'true' }) } } });
    await load(approved, repo);
    expect(approved.notifyTurnComplete({ threadId: 't', turnId: 'u', inputMessages: [], lastAssistantMessage: null })).toBe(true);
    for (let i = 0; i < 50 && !existsSync(marker); i++) await sleep(50);
    await approved.close();
    expect(existsSync(marker)).toBe(true);
  });
});
