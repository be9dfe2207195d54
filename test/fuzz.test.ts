// Fuzzing what a hostile settings file or hook can hand the engine (issue 11, Tests): random bytes,
// random JSON and random deep structures into parseHooksConfig, addConfig, the output parsers, the
// claude merge (through in-process handlers returning random values) and the shell splitter. A fixed
// seed and a bounded count: the same cases every run. Only coded errors, never a crash or a hang.
import { describe, expect, it } from 'vitest';
import { HookConfigError, HookRegistry, HookTypeError, parseCommandOutput, parseHooksConfig } from '../src/index.js';
import { parseClaudeStdout } from '../src/profiles/claude/output.js';
import { splitSimpleCommands } from '../src/profiles/claude/shell-split.js';
import { compileIfCondition } from '../src/profiles/claude/matcher.js';
import { makeLogger } from './helpers/logger.js';

// mulberry32: a small seeded PRNG.
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['hooks', 'PreToolUse', 'Stop', 'SessionStart', 'matcher', 'type', 'command', 'http', 'prompt', 'mcp_tool', 'url', 'timeout', 'args', 'if', 'once', 'async', 'asyncRewake', 'onFailure', 'shell', 'disableAllHooks', 'allowedHttpHookUrls', 'hookSpecificOutput', 'hookEventName', 'permissionDecision', 'decision', 'continue', 'reason', 'additionalContext', 'updatedInput', '__proto__', 'constructor', 'toString', ''];
const STRINGS = ['deny', 'allow', 'ask', 'defer', 'block', 'approve', 'Bash', 'Bash(git *)', '(a+)+$', 'true', '*', '', 'https://x.invalid/', '${CLAUDE_PROJECT_DIR}', '\u0000', '\u001b]52;c;x\u0007', 'x'.repeat(300)];

function value(rand: () => number, depth: number): unknown {
  const r = rand();
  if (depth <= 0 || r < 0.3) {
    const k = Math.floor(rand() * 7);
    return [null, true, false, Math.floor(rand() * 1e6) - 5e5, rand() * 1e12, STRINGS[Math.floor(rand() * STRINGS.length)], 2 ** 31 + rand()][k];
  }
  if (r < 0.55) return Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = Math.floor(rand() * 5); i > 0; i--) o[WORDS[Math.floor(rand() * WORDS.length)]!] = value(rand, depth - 1);
  return o;
}

// A config-like value: mostly the right shape, with random parts.
function configLike(rand: () => number): unknown {
  const handler = (): unknown => (rand() < 0.7 ? { type: ['command', 'http', 'prompt', 'mcp_tool', 'agent', 'x'][Math.floor(rand() * 6)], command: 'true', url: 'https://x.invalid/', ...(value(rand, 2) as object) } : value(rand, 3));
  const group = (): unknown => (rand() < 0.8 ? { matcher: STRINGS[Math.floor(rand() * STRINGS.length)], hooks: Array.from({ length: 1 + Math.floor(rand() * 3) }, handler) } : value(rand, 3));
  const events = ['PreToolUse', 'Stop', 'SessionStart', 'UserPromptSubmit', 'Nope'];
  const hooks: Record<string, unknown> = {};
  for (const e of events) if (rand() < 0.5) hooks[e] = rand() < 0.9 ? Array.from({ length: 1 + Math.floor(rand() * 2) }, group) : value(rand, 2);
  return rand() < 0.9 ? { ...(rand() < 0.3 ? (value(rand, 2) as object) : {}), hooks } : value(rand, 4);
}

function deep(depth: number, rand: () => number): unknown {
  let v: unknown = 'leaf';
  for (let i = 0; i < depth; i++) v = rand() < 0.5 ? [v] : { hooks: v };
  return v;
}

const randomText = (rand: () => number, max: number): string =>
  Array.from({ length: Math.floor(rand() * max) }, () => (rand() < 0.6 ? '{}[]":,\\ \'`$();&|<>\n#=aAgit'[Math.floor(rand() * 30)] : String.fromCharCode(Math.floor(rand() * 0x3000)))).join('');

const coded = (error: unknown): boolean => (error instanceof HookConfigError || error instanceof HookTypeError) && /^HOOKS_ERR_/.test((error as { code: string }).code);

describe('fuzz (fixed seed)', () => {
  it('parseHooksConfig and addConfig: random bytes, random JSON, random deep structures — only coded errors', () => {
    const rand = prng(0x5eed);
    const logger = makeLogger();
    const registries = [new HookRegistry({ logger }), new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger })];
    let accepted = 0;
    for (let i = 0; i < 1500; i++) {
      const kind = i % 4;
      let input: unknown;
      if (kind === 0) {
        try {
          input = JSON.parse(randomText(rand, 60));
        } catch {
          input = randomText(rand, 60);
        }
      } else if (kind === 1) input = value(rand, 6);
      else if (kind === 2) input = configLike(rand);
      else input = deep(50 + Math.floor(rand() * 3000), rand);
      for (const call of [() => parseHooksConfig(input), ...registries.map((r) => () => r.addConfig(input, { source: rand() < 0.5 ? 'user' : 'project' }))]) {
        try {
          call();
          accepted++;
        } catch (error) {
          if (!coded(error)) throw new Error(`case ${i}: ${String(error)} (${(error as Error)?.constructor?.name}) for ${JSON.stringify(input)?.slice(0, 200)}`);
        }
      }
    }
    expect(accepted).toBeGreaterThan(100); // the generator makes valid configs too
  });

  it('the output parsers take any text', () => {
    const rand = prng(0xfeed);
    const logger = makeLogger();
    for (let i = 0; i < 3000; i++) {
      const text = i % 3 === 0 ? JSON.stringify(value(rand, 6)) : randomText(rand, 200);
      expect(() => parseCommandOutput(text)).not.toThrow();
      expect(() => parseClaudeStdout(text, 'h', ['PreToolUse', 'Stop', 'PermissionRequest', 'SessionStart'][i % 4]!, logger)).not.toThrow();
    }
  });

  it('the claude merge takes any handler output, and a dispatch always resolves', async () => {
    const rand = prng(0xbeef);
    const registry = new HookRegistry({ profile: 'claude', logger: makeLogger() });
    let current: unknown[] = [];
    for (let k = 0; k < 3; k++) registry.register('PreToolUse', () => current[k] as never);
    for (let k = 0; k < 3; k++) registry.register('PermissionRequest', () => current[k] as never);
    for (let i = 0; i < 800; i++) {
      current = [0, 1, 2].map(() => (rand() < 0.5 ? { hookSpecificOutput: { hookEventName: rand() < 0.8 ? 'PreToolUse' : 'PermissionRequest', ...(value(rand, 3) as object) }, ...(value(rand, 2) as object) } : value(rand, 5)));
      const pre = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
      expect(typeof pre.blocked).toBe('boolean');
      expect(() => JSON.stringify(pre)).not.toThrow();
      const req = await registry.dispatch('PermissionRequest', { tool_name: 'Bash', tool_input: {} });
      if (req.blocked) expect(req.permissionDecision).toBe('deny');
    }
  });

  // (A hang would show as the test's timeout; the splitter is one linear pass, see shell-split.test.ts.)
  it('the shell splitter and `if` rules take any command', () => {
    const rand = prng(0xcafe);
    const rule = compileIfCondition('Bash(git *)', () => '/repo', makeLogger())!;
    for (let i = 0; i < 3000; i++) {
      const command = randomText(rand, 300);
      expect(() => splitSimpleCommands(command)).not.toThrow();
      expect(typeof rule('Bash', { command })).toBe('boolean');
    }
  });
});
