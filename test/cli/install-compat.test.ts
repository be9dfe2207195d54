// `harness-hooks install` on the public configs of each compatibility suite (fixtures/cli/install-compat/
// configs.mjs, fixtures/cursor/configs.mjs), into every other harness: what it writes validates by that
// harness's own rules (`validate --profile <target>`), every source hook is either added or listed as not
// installable with why (none dropped silently), a second `--write` leaves the file byte-identical, and an
// entry of the target's own that install does not own is kept. The matrix runs the CLI in-process
// (src/cli/main.ts: argument parsing, file reading and writing as the bin does); a few cases run the
// built CLI as a real process.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { SOURCES } from '../../fixtures/cli/install-compat/configs.mjs';
import { CONFIGS as CURSOR } from '../../fixtures/cursor/configs.mjs';
import { cli, makeHome } from './cli.js';

type Harness = 'default' | 'claude' | 'codex' | 'gemini' | 'copilot' | 'cursor';
const TARGETS: Harness[] = ['default', 'claude', 'codex', 'gemini', 'copilot', 'cursor'];

const sources = [
  ...SOURCES,
  ...Object.entries(CURSOR)
    .filter(([name]) => !name.startsWith('bad-'))
    .map(([name, config]) => ({ name: `cursor ${name}`, harness: 'cursor' as const, file: '.cursor/hooks.json', config: config as Record<string, unknown> })),
];

// Where install writes for each target (default has no project file: --target-file), and one hook of the
// target's own, which install does not own and must keep.
const TARGET_FILE: Record<Harness, string> = {
  default: 'settings.json',
  claude: '.claude/settings.json',
  codex: '.codex/hooks.json',
  gemini: '.gemini/settings.json',
  copilot: '.github/hooks/harness-hooks.json',
  cursor: '.cursor/hooks.json',
};
const UNRELATED: Record<Harness, Record<string, unknown>> = {
  default: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo own-default', timeout: 5 }] }] } },
  claude: { permissions: { allow: ['Bash(ls:*)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo own-claude', timeout: 5 }] }] } },
  codex: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'echo own-codex', timeout: 5 }] }] } },
  gemini: { general: { vimMode: true }, hooks: { BeforeTool: [{ matcher: 'run_shell_command', hooks: [{ type: 'command', name: 'own', command: 'echo own-gemini', timeout: 5000 }] }] } },
  copilot: { version: 1, hooks: { preToolUse: [{ type: 'command', bash: 'echo own-copilot', timeoutSec: 5 }] } },
  cursor: { version: 1, hooks: { beforeShellExecution: [{ command: 'echo own-cursor', timeout: 5 }] } },
};

// The hooks a source config has, counted from the file as written (not from any reader of it).
function countHooks(config: Record<string, unknown>): number {
  const hooks = (config.hooks ?? {}) as Record<string, unknown[]>;
  return Object.values(hooks).reduce<number>((n, list) => n + list.reduce<number>((m, e) => m + (Array.isArray((e as { hooks?: unknown }).hooks) ? (e as { hooks: unknown[] }).hooks.length : 1), 0), 0);
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}
async function run(argv: string[], cwd: string): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    stdin: new PassThrough(),
    cwd,
    env: { ...process.env, HOME: home },
  });
  return { code, stdout, stderr };
}

interface Installed {
  config: Record<string, unknown>;
  added: { from: string; event: string; matcher?: string; command: string }[];
  notInstallable: { from: string; why: string }[];
}
interface Case {
  source: (typeof sources)[number];
  target: Harness;
  project: string;
  first: Installed;
  firstText: string;
  secondText: string;
  second: Installed;
  validate: { code: number; json: { errors: number; warnings: number; files: { errors: { message: string; path: string }[]; warnings: { code: string; message: string; path: string }[] }[] } };
  stderr: string;
}

let base: string;
let home: string;
const cases: Case[] = [];

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'install-compat-'));
  home = join(base, 'home');
  mkdirSync(home);
  let i = 0;
  for (const source of sources) {
    for (const target of TARGETS) {
      if (target === source.harness) continue;
      const project = join(base, `p${i++}`);
      const from = join(project, source.file);
      mkdirSync(dirname(from), { recursive: true });
      writeFileSync(from, JSON.stringify(source.config, null, 2));
      const targetFile = join(project, TARGET_FILE[target]);
      mkdirSync(dirname(targetFile), { recursive: true });
      writeFileSync(targetFile, `${JSON.stringify(UNRELATED[target], null, 2)}\n`);
      const argv = ['install', '--from', source.file, '--from-harness', source.harness, '--into', target, '--target-file', TARGET_FILE[target], '--write', '--json'];
      const one = await run(argv, project);
      expect(one, `${source.name} → ${target}`).toMatchObject({ code: 0 });
      const firstText = readFileSync(targetFile, 'utf8');
      const two = await run(argv, project);
      expect(two.code).toBe(0);
      const secondText = readFileSync(targetFile, 'utf8');
      const v = await run(['validate', TARGET_FILE[target], '--profile', target, '--json'], project);
      cases.push({ source, target, project, first: JSON.parse(one.stdout) as Installed, second: JSON.parse(two.stdout) as Installed, firstText, secondText, validate: { code: v.code, json: JSON.parse(v.stdout) as Case['validate']['json'] }, stderr: one.stderr });
    }
  }
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const label = (c: Case) => `${c.source.name} → ${c.target}`;

describe('install: every compatibility-suite config into every other harness', () => {
  it('covers each suite and each target (every source × every other harness)', () => {
    expect(new Set(sources.map((s) => s.harness))).toEqual(new Set(['claude', 'codex', 'copilot', 'cursor', 'gemini']));
    expect(cases).toHaveLength(sources.length * (TARGETS.length - 1));
    // Something is bridged from each suite into each target (a matrix of empty configs would show nothing).
    for (const harness of ['claude', 'codex', 'copilot', 'cursor', 'gemini'])
      for (const target of TARGETS.filter((t) => t !== harness)) {
        const added = cases.filter((c) => c.source.harness === harness && c.target === target).reduce((n, c) => n + c.first.added.length, 0);
        expect(added, `${harness} → ${target}`).toBeGreaterThan(0);
      }
  });

  it('what it writes validates with the target harness’s own rules: no errors', () => {
    const failed = cases.filter((c) => c.validate.code !== 0 || c.validate.json.errors !== 0).map((c) => ({ case: label(c), errors: c.validate.json.files.flatMap((f) => f.errors) }));
    expect(failed).toEqual([]);
  });

  it('and no warning that a bridged hook will not run as meant, but the default profile’s 30 s cap', () => {
    // (The unrelated entry is the target's own, and valid.) Into the default profile, a hook whose own
    // harness waits longer than 30 s (Claude's 600 s default, Cursor's 60 s) is written with that
    // timeout, 2 s added, and the default profile cuts it to 30 s: validate says so, and that is true.
    const warnings = cases.flatMap((c) => c.validate.json.files.flatMap((f) => f.warnings).map((w) => ({ case: label(c), target: c.target, code: w.code, message: w.message })));
    expect(warnings.filter((w) => w.target !== 'default')).toEqual([]);
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) {
      expect(w.code, w.case).toBe('timeout-capped');
      const [, seconds] = /a timeout of (\d+) s is cut to 30 s/.exec(w.message)!;
      expect(Number(seconds), w.case).toBeGreaterThan(30);
    }
  });

  it('writes whole seconds into Codex from Gemini’s milliseconds (a fractional timeout drops the whole hooks.json)', () => {
    // The gemini fixture's SessionStart hook says "timeout": 5 (Gemini: 5 ms): 5.005 s before, which Codex
    // rejects, and with it every hook in the file, the target's own ones too.
    const c = cases.find((k) => k.source.harness === 'gemini' && k.target === 'codex')!;
    const written = JSON.parse(c.firstText) as { hooks: Record<string, { hooks: { command: string; timeout: number }[] }[]> };
    const timeouts = Object.values(written.hooks).flatMap((groups) => groups.flatMap((g) => g.hooks.map((h) => h.timeout)));
    expect(timeouts).toEqual(expect.arrayContaining([5, 10, 6]));
    for (const t of timeouts) expect(Number.isInteger(t)).toBe(true);
    expect(written.hooks.SessionStart![0]!.hooks[0]).toMatchObject({ timeout: 6 });
    expect(written.hooks.SessionStart![0]!.hooks[0]!.command).toContain('--timeout 5 --');
  });

  it('writes no matcher on a target event that has none (the bridge applies the source’s own)', () => {
    // The default profile's SessionStart has no matcher: "startup" there would be ignored (validate:
    // matcher-ignored); the bridge gets it as --matcher and matches it in the source's rules.
    const c = cases.find((k) => k.source.name === 'claude compat suite' && k.target === 'default')!;
    const start = (JSON.parse(c.firstText) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> }).hooks.SessionStart!;
    expect(start).toHaveLength(1);
    expect(start[0]!.matcher).toBeUndefined();
    expect(start[0]!.hooks[0]!.command).toContain('--matcher startup --timeout 10 --');
    // Only tool names are translated: on other events the target gets no matcher even where it has one
    // (Codex's SessionStart matches `source`, whose values are Codex's), and the bridge applies the source's.
    const codex = cases.find((k) => k.source.name === 'claude compat suite' && k.target === 'codex')!;
    const codexStart = (JSON.parse(codex.firstText) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> }).hooks.SessionStart![0]!;
    expect(codexStart.matcher).toBeUndefined();
    expect(codexStart.hooks[0]!.command).toContain('--matcher startup');
  });

  it('every source hook is added or listed as not installable with why: none dropped silently', () => {
    for (const c of cases) {
      const total = countHooks(c.source.config);
      expect(c.first.added.length + c.first.notInstallable.length, label(c)).toBe(total);
      const from = [...c.first.added, ...c.first.notInstallable].map((e) => e.from);
      expect(new Set(from).size, `${label(c)}: each source hook once`).toBe(total);
      for (const n of c.first.notInstallable) expect(n.why, `${label(c)} ${n.from}`).toMatch(/\S{3}/);
      // Each not-installable hook is said on stderr too.
      for (const n of c.first.notInstallable) expect(c.stderr).toContain(`not installable: ${n.from}: ${n.why}`);
      // And each added one is in the file written, marked as install's.
      const written = JSON.stringify(JSON.parse(c.firstText));
      for (const a of c.first.added) {
        expect(a.command).toContain('# harness-hooks:bridge');
        expect(written, `${label(c)} ${a.from}`).toContain(JSON.stringify(a.command));
      }
    }
  });

  it('a Copilot hook with its own env or cwd is not installable, with why (the bridge runs in the host’s)', () => {
    // Installed without them, E2's guard (GUARD_MODE=block from its env) let `sudo rm -rf /` through into
    // Claude Code, and E1's ./scripts/pre-tool-policy.mjs (cwd .github/hooks) exited 127 on every call.
    for (const target of TARGETS.filter((t) => t !== 'copilot')) {
      const of = (name: string) => cases.find((c) => c.source.name === name && c.target === target)!.first;
      expect(of('copilot E1 docs policy'), target).toMatchObject({ added: [], notInstallable: [{ from: 'hooks.preToolUse[0].hooks[0]', why: expect.stringMatching(/^its cwd \(\.github\/hooks\) cannot be passed through the bridge/) }] });
      expect(of('copilot E2 tool guardian'), target).toMatchObject({ added: [], notInstallable: [{ from: 'hooks.preToolUse[0].hooks[0]', why: expect.stringMatching(/^its env \(GUARD_MODE\) cannot be passed through the bridge/) }] });
      const e3 = of('copilot E3 session logger');
      expect(e3.notInstallable.map((n) => n.why)).toEqual([expect.stringMatching(/^its env \(LOG_LEVEL\)/)]);
      // `cwd: "."` is the folder the host runs in: those are installed.
      expect(e3.added).toHaveLength(2);
    }
  });

  it('a second --write is a no-op: the file is byte-identical and reports the same hooks', () => {
    for (const c of cases) {
      expect(c.secondText, label(c)).toBe(c.firstText);
      expect(c.second.added, label(c)).toEqual(c.first.added);
      expect(c.second.notInstallable, label(c)).toEqual(c.first.notInstallable);
    }
  });

  it('keeps the target file’s own entries and keys that install does not own', () => {
    for (const c of cases) {
      const written = JSON.parse(c.firstText) as Record<string, unknown>;
      const own = UNRELATED[c.target];
      for (const [key, value] of Object.entries(own)) {
        if (key !== 'hooks') expect(written[key], label(c)).toEqual(value);
      }
      for (const [event, list] of Object.entries(own.hooks as Record<string, unknown[]>)) {
        expect((written.hooks as Record<string, unknown[]>)[event]?.[0], `${label(c)} ${event}`).toEqual(list[0]);
      }
    }
  });
});

describe('install as a real process (the built CLI)', () => {
  const h = makeHome();
  afterAll(() => h.remove());

  for (const [name, into] of [
    ['cursor block-git', 'claude'],
    ['copilot E3 session logger', 'codex'],
    ['codex compat suite', 'gemini'],
  ] as const) {
    it(`${name} → ${into}: writes what the in-process run wrote, validates, and a second run changes nothing`, async () => {
      const c = cases.find((k) => k.source.name === name && k.target === into)!;
      const project = join(base, `cli-${into}`);
      mkdirSync(dirname(join(project, c.source.file)), { recursive: true });
      writeFileSync(join(project, c.source.file), JSON.stringify(c.source.config, null, 2));
      const target = join(project, TARGET_FILE[into]);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(UNRELATED[into], null, 2)}\n`);
      // The source's harness from its path (no --from-harness), the target's own project file.
      const args = ['install', '--from', join(project, c.source.file), '--into', into, '--target-file', target, '--write', '--json'];
      const one = await cli(args, { home: h.path });
      expect(one.code, one.stderr).toBe(0);
      const first = readFileSync(target, 'utf8');
      expect(first).toBe(c.firstText);
      expect(JSON.parse(one.stdout)).toEqual(c.first);
      const two = await cli(args, { home: h.path });
      expect(two.code).toBe(0);
      expect(readFileSync(target, 'utf8')).toBe(first);
      const v = await cli(['validate', target, '--profile', into, '--json'], { home: h.path });
      expect(v.code, v.stdout).toBe(0);
      expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, errors: 0, warnings: 0 });
    });
  }
});
