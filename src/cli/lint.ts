// The warnings of `harness-hooks validate`: things a config may legally say that make a hook not run, or
// not run as its author meant. Read from the raw parsed JSON, so a file with schema errors still gets
// its warnings for the parts that can be read.
import { accessSync, constants, statSync } from '../node-builtins.js';
import { programFile } from '../config/program-file.js';
import type { ConfigSource } from '../config/add-config.js';
import { CLAUDE_EVENT_SPECS, type ClaudeHookEvent } from '../profiles/claude/events.js';
import { compileIfCondition } from '../profiles/claude/matcher.js';
import { PROFILES, type ProfileName } from '../profiles/index.js';
import { getConfigSchemas } from '../schemas/config.js';
import type { GateSettings } from './args.js';
import type { JsonPath } from './json-locate.js';
import { closest } from '../closest-name.js';

export type LintCode =
  | 'unknown-event'
  | 'unknown-field'
  | 'field-ignored'
  | 'matcher-invalid'
  | 'matcher-never-matches'
  | 'matcher-ignored'
  | 'handler-type'
  | 'timeout-units'
  | 'timeout-capped'
  | 'gated-off'
  | 'if-never-runs'
  | 'if-invalid'
  | 'http-not-run'
  | 'command-not-found';

export interface LintWarning {
  code: LintCode;
  path: JsonPath;
  message: string;
}

export interface LintContext {
  profile: ProfileName;
  source: ConfigSource;
  gates: GateSettings;
  /** Where commands run and `if` file rules are rooted (CLAUDE_PROJECT_DIR). */
  cwd: string;
  pluginRoot?: string | undefined;
}

/** The most a default-profile command hook may run. */
const DEFAULT_CAP_MS = 30_000;

/** The fields each profile reads from a handler (the rest is ignored). */
const DEFAULT_FIELDS = new Set(['type', 'command', 'timeout_ms', 'timeout']);
const CLAUDE_COMMON = ['type', 'timeout', 'if', 'once', 'statusMessage', 'onFailure'];
const CLAUDE_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  command: new Set([...CLAUDE_COMMON, 'command', 'args', 'shell', 'async', 'asyncRewake']),
  http: new Set([...CLAUDE_COMMON, 'url', 'headers', 'allowedEnvVars']),
  prompt: new Set([...CLAUDE_COMMON, 'prompt', 'model', 'continueOnBlock']),
  agent: new Set([...CLAUDE_COMMON, 'prompt', 'model', 'continueOnBlock']),
  mcp_tool: new Set([...CLAUDE_COMMON, 'server', 'tool', 'input']),
};

/** Claude Code's built-in tools, for "did you mean" on a matcher whose case is off. */
const CLAUDE_TOOLS = [
  'Agent', 'AskUserQuestion', 'Bash', 'BashOutput', 'Edit', 'ExitPlanMode', 'Glob', 'Grep', 'KillShell', 'LS', 'MultiEdit',
  'NotebookEdit', 'NotebookRead', 'Read', 'Skill', 'SlashCommand', 'Task', 'TodoWrite', 'WebFetch', 'WebSearch', 'Write',
];

const TOOL_FIELDS = new Set(['toolName', 'tool_name']);

// Every warning for one parsed config file, in file order.
export function lintHooksConfig(value: unknown, ctx: LintContext): LintWarning[] {
  const out: LintWarning[] = [];
  const warn = (code: LintCode, path: JsonPath, message: string): void => void out.push({ code, path, message });
  if (!isObject(value)) return out;
  for (const key of Object.keys(value)) {
    if (key !== 'hooks' && key.toLowerCase() === 'hooks') warn('unknown-field', [key], `"${key}" is not read: the key is "hooks" (lower case)`);
  }
  const hooks = value.hooks;
  if (!isObject(hooks)) return out;
  const events: readonly string[] = PROFILES[ctx.profile].events;
  const gate = PROFILES[ctx.profile].gate(ctx.source, ctx.gates);

  for (const [event, groups] of Object.entries(hooks)) {
    // (Codex's config.toml keeps trust and managed folders under [hooks]: settings, not events.)
    if (ctx.profile === 'codex' && (event === 'state' || event === 'managed_dir' || event === 'windows_managed_dir')) continue;
    if (!events.includes(event)) {
      warn('unknown-event', ['hooks', event], unknownEventMessage(event, ctx.profile, events));
      continue;
    }
    if (!Array.isArray(groups)) continue;
    const matchField = matchFieldOf(ctx.profile, event);
    groups.forEach((group: unknown, g) => {
      if (!isObject(group)) return;
      const groupPath = ['hooks', event, g];
      // Copilot's and Cursor's flat lists: the entry is the handler itself.
      if ((ctx.profile === 'copilot' || ctx.profile === 'cursor') && !Array.isArray(group.hooks)) {
        const runnable = lintOwnFormat(group, groupPath, ctx, warn);
        if (runnable && gate !== undefined) warn('gated-off', groupPath, `switched off: ${ctx.source} hooks need the \`${gate}\` setting, which ${GATE_FLAGS[gate]} closes`);
        return;
      }
      for (const key of Object.keys(group)) {
        if (key !== 'matcher' && key !== 'hooks') warn('unknown-field', [...groupPath, key], unknownFieldMessage(key, ['matcher', 'hooks'], 'a matcher group'));
      }
      if (typeof group.matcher === 'string') lintMatcher(group.matcher, event, matchField, ctx.profile, [...groupPath, 'matcher'], warn);
      if (!Array.isArray(group.hooks)) return;
      group.hooks.forEach((hook: unknown, h) => {
        if (!isObject(hook)) return;
        const path = [...groupPath, 'hooks', h];
        const runnable = lintHandler(hook, event, path, ctx, warn);
        if (runnable && gate !== undefined) {
          warn('gated-off', path, `switched off: ${ctx.source} hooks need the \`${gate}\` setting, which ${GATE_FLAGS[gate]} closes`);
        }
      });
    });
  }
  return out;
}

const GATE_FLAGS: Readonly<Record<string, string>> = {
  enableShellHooks: '--no-shell-hooks',
  allowProjectHooks: '--no-project-hooks',
  enablePluginHooks: '--no-plugin-hooks',
};

type Warn = (code: LintCode, path: JsonPath, message: string) => void;

function lintMatcher(matcher: string, event: string, matchField: string | null, profile: ProfileName, path: JsonPath, warn: Warn): void {
  if (matcher === '' || matcher === '*') return;
  if (matchField === null) {
    warn('matcher-ignored', path, `${event} has no matcher: ${JSON.stringify(matcher)} is ignored and the hooks run on every ${event}`);
    return;
  }
  const what = TOOL_FIELDS.has(matchField) ? 'tool name' : `${matchField} value`;
  const exactList = profile === 'default' ? /^[A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*$/ : /^[A-Za-z0-9_|]+$/;
  if (exactList.test(matcher)) {
    if (profile === 'claude' && TOOL_FIELDS.has(matchField)) {
      for (const name of matcher.split('|')) {
        const tool = CLAUDE_TOOLS.find((t) => t !== name && t.toLowerCase() === name.toLowerCase());
        if (tool !== undefined) warn('matcher-never-matches', path, `no tool is named ${JSON.stringify(name)} (names are case-sensitive): did you mean ${JSON.stringify(tool)}?`);
      }
    }
    return;
  }
  // Anything else is a regular expression: default profile anchored (or /explicit/flags), claude unanchored.
  const explicit = profile === 'default' ? /^\/(.*)\/([a-z]*)$/s.exec(matcher) : null;
  const source = explicit ? explicit[1]! : matcher;
  try {
    new RegExp(source, explicit ? explicit[2]!.replace(/[gy]/g, '') : '');
  } catch (error) {
    warn('matcher-invalid', path, `${JSON.stringify(matcher)} is not a valid regular expression (${(error as Error).message}); ${profile === 'codex' ? 'Codex skips its group: its hooks never run' : `it matches only a ${what} that is exactly ${JSON.stringify(matcher)}`}`);
    return;
  }
  if (/\s\||\|\s/.test(source)) {
    const fixed = matcher.replace(/\s*\|\s*/g, '|');
    warn('matcher-never-matches', path, `${JSON.stringify(matcher)} has spaces around "|", so it is read as a regular expression that needs a space in the ${what}, and it never matches; write ${JSON.stringify(fixed)}`);
  } else if (TOOL_FIELDS.has(matchField) && / /.test(source.replace(/\[[^\]]*\]/g, ''))) {
    warn('matcher-never-matches', path, `${JSON.stringify(matcher)} contains a space, and no tool name does: it never matches`);
  }
}

// Warns about one handler; false when the profile skips it whatever the gates say.
function lintHandler(hook: Record<string, unknown>, event: string, path: JsonPath, ctx: LintContext, warn: Warn): boolean {
  const type = hook.type;
  if (ctx.profile !== 'default' && ctx.profile !== 'claude') return lintOwnFormat(hook, path, ctx, warn);
  const known = Object.keys(getConfigSchemas().HookHandlerSchema.shape);
  for (const key of Object.keys(hook)) {
    if (!known.includes(key)) warn('unknown-field', [...path, key], unknownFieldMessage(key, known, 'a handler'));
  }
  if (typeof type !== 'string') return false;

  if (ctx.profile === 'default') {
    if (type !== 'command') {
      warn('handler-type', [...path, 'type'], `the default profile runs only "command" hooks: this ${JSON.stringify(type)} hook is skipped${CLAUDE_FIELDS[type] ? ' (Claude Code settings? use --profile claude)' : ''}`);
      return false;
    }
    const ignored = Object.keys(hook).filter((k) => known.includes(k) && !DEFAULT_FIELDS.has(k));
    if (ignored.length > 0) warn('field-ignored', [...path, ignored[0]!], `the default profile ignores ${ignored.map((k) => `\`${k}\``).join(', ')} (claude-profile fields)`);
    const timeout = hook.timeout;
    const timeoutMs = hook.timeout_ms;
    if (typeof timeout === 'number' && timeout >= 1000) {
      warn('timeout-units', [...path, 'timeout'], `\`timeout\` is in seconds: ${timeout} s is ${describeSeconds(timeout)}; if you meant ${timeout} milliseconds write "timeout_ms": ${timeout}`);
    } else if (typeof timeout === 'number' && timeout * 1000 > DEFAULT_CAP_MS && !(typeof timeoutMs === 'number' && timeoutMs > 0)) {
      warn('timeout-capped', [...path, 'timeout'], `command hooks stop after 30 s at most: a timeout of ${timeout} s is cut to 30 s`);
    }
    if (typeof timeoutMs === 'number' && timeoutMs > 0 && timeoutMs < 100) {
      warn('timeout-units', [...path, 'timeout_ms'], `\`timeout_ms\` is in milliseconds: ${timeoutMs} ms is over before most commands start; if you meant ${timeoutMs} seconds write "timeout": ${timeoutMs}`);
    } else if (typeof timeoutMs === 'number' && timeoutMs > DEFAULT_CAP_MS) {
      warn('timeout-capped', [...path, 'timeout_ms'], `command hooks stop after 30 s at most: ${timeoutMs} ms is cut to 30000`);
    }
    lintProgram(hook, path, ctx, warn);
    return true;
  }

  const fields = CLAUDE_FIELDS[type];
  if (fields === undefined) {
    warn('handler-type', [...path, 'type'], `unknown handler type ${JSON.stringify(type)}: the claude profile runs "command", "http", "prompt", "agent" and "mcp_tool" hooks; this one is skipped`);
    return false;
  }
  if (typeof hook.timeout_ms === 'number') {
    const s = hook.timeout_ms / 1000;
    warn('field-ignored', [...path, 'timeout_ms'], `the claude profile reads \`timeout\` in seconds and ignores \`timeout_ms\`; write "timeout": ${Number.isInteger(s) ? s : s.toFixed(1)}`);
  }
  const misplaced = Object.keys(hook).filter((k) => known.includes(k) && k !== 'timeout_ms' && !fields.has(k));
  if (misplaced.length > 0) warn('field-ignored', [...path, misplaced[0]!], `${misplaced.map((k) => `\`${k}\``).join(', ')} ${misplaced.length === 1 ? 'is' : 'are'} not read on a ${JSON.stringify(type)} hook`);
  if (typeof hook.timeout === 'number' && hook.timeout >= 1000) {
    const s = hook.timeout / 1000;
    warn('timeout-units', [...path, 'timeout'], `\`timeout\` is in seconds: ${hook.timeout} s is ${describeSeconds(hook.timeout)}; if you meant ${hook.timeout} milliseconds write "timeout": ${Number.isInteger(s) ? s : s.toFixed(1)}`);
  }
  const spec = CLAUDE_EVENT_SPECS[event as ClaudeHookEvent];
  if (typeof hook.if === 'string') {
    if (!spec.ifConditions) {
      warn('if-never-runs', [...path, 'if'], `\`if\` is evaluated only on PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest and PermissionDenied: on ${event} a hook with \`if\` never runs`);
    } else {
      const messages: string[] = [];
      const condition = compileIfCondition(hook.if, () => ctx.cwd, { warn: (m) => void messages.push(m) });
      if (condition === undefined) warn('if-invalid', [...path, 'if'], `${JSON.stringify(hook.if)} is not a permission rule like "Bash(git push*)": the hook never runs`);
    }
  }
  if (type === 'http' && !spec.httpAllowed) warn('http-not-run', [...path, 'type'], `HTTP hooks do not run on ${event}`);
  if (type === 'command') lintProgram(hook, path, ctx, warn);
  return true;
}

// A handler of a profile that checks its own format (codex): its errors are the profile's; the warnings
// are the units of `timeout`, types it skips and a program that is not there.
function lintOwnFormat(hook: Record<string, unknown>, path: JsonPath, ctx: LintContext, warn: Warn): boolean {
  if (ctx.profile === 'codex' && (hook.type === 'prompt' || hook.type === 'agent')) {
    warn('handler-type', [...path, 'type'], `Codex 0.169.0 skips ${hook.type} hooks ("not supported yet")`);
    return false;
  }
  if (ctx.profile === 'gemini' && (hook.type !== 'command' || typeof hook.command !== 'string' || hook.command === '')) {
    warn('handler-type', [...path, hook.type === 'command' ? 'command' : 'type'], hook.type === 'command' ? 'Gemini discards a command hook without a `command`' : `Gemini runs only "command" hooks from settings: this ${JSON.stringify(hook.type)} one is discarded`);
    return false;
  }
  const timeout = hook.timeout ?? hook.timeoutSec;
  // Gemini's timeouts are milliseconds (its Claude migrator copies seconds verbatim); the others' seconds.
  if (ctx.profile === 'gemini') {
    if (typeof timeout === 'number' && timeout > 0 && timeout < 100) warn('timeout-units', [...path, 'timeout'], `\`timeout\` is in milliseconds: ${timeout} ms is over before most commands start; if you meant ${timeout} seconds write ${timeout * 1000}`);
  } else if (typeof timeout === 'number' && timeout >= 1000) warn('timeout-units', [...path, hook.timeout === undefined ? 'timeoutSec' : 'timeout'], `\`timeout\` is in seconds: ${timeout} s is ${describeSeconds(timeout)}; if you meant milliseconds write ${Math.max(1, Math.round(timeout / 1000))}`);
  if (hook.type === 'command' && typeof hook.command === 'string') lintProgram(hook, path, ctx, warn);
  return true;
}

// A command whose program is an absolute path (after ${CLAUDE_PLUGIN_ROOT} / $CLAUDE_PROJECT_DIR
// substitution) that does not exist or cannot be executed: the hook fails every time it runs.
function lintProgram(hook: Record<string, unknown>, path: JsonPath, ctx: LintContext, warn: Warn): void {
  // A bare name is a PATH lookup; a relative path runs from where hooks run (the project).
  const file = programFile(hook, { projectDir: ctx.cwd, pluginRoot: ctx.pluginRoot });
  if (file === undefined) return;
  try {
    if (!statSync(file).isFile()) return;
  } catch {
    warn('command-not-found', [...path, 'command'], `${file} does not exist: the hook fails every time it runs`);
    return;
  }
  try {
    accessSync(file, constants.X_OK);
  } catch {
    warn('command-not-found', [...path, 'command'], `${file} is not executable (chmod +x it): the hook fails every time it runs`);
  }
}

function matchFieldOf(profile: ProfileName, event: string): string | null {
  return (PROFILES[profile].view(event) as { matchField: string | null } | undefined)?.matchField ?? null;
}

function unknownEventMessage(event: string, profile: ProfileName, events: readonly string[]): string {
  let message = `unknown event ${JSON.stringify(event)}: its hooks never run`;
  const near = closest(event, events);
  const other = (Object.keys(PROFILES) as ProfileName[]).find((p) => p !== profile && PROFILES[p].events.includes(event));
  if (near !== undefined) message += `; did you mean ${JSON.stringify(near)}?`;
  else if (other !== undefined) message += `; it is a ${other}-profile event (--profile ${other})`;
  return message;
}

function unknownFieldMessage(key: string, known: readonly string[], what: string): string {
  const near = closest(key, known);
  return `${JSON.stringify(key)} is not a field of ${what} and is ignored${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}`;
}

function describeSeconds(s: number): string {
  if (s >= 3600) return `${(s / 3600).toFixed(1)} hours`;
  return `${Math.round(s / 60)} minutes`;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
