// The claude profile's configured handler types as entries: `command` (foreground, `async`, `asyncRewake`,
// or self-declared async), `http`, `prompt` and `agent` (through the harness's adapters) and `mcp_tool`.
// Each entry's invoker resolves to a ClaudeEntryOutcome; none of them rejects for a hook's failure.
import { mkdirSync } from '../../node-builtins.js';
import { homedir } from '../../node-builtins.js';
import { basename, join, resolve } from 'node:path';
import type { EntryContext } from '../../context.js';
import type { Entry } from '../../entry.js';
import { guardStrength } from '../../dedup.js';
import type { CommandHookSpec, CommandResult } from '../../executor/index.js';
import { errorMessage } from '../../dispatch-run.js';
import type { HookHandlerConfig } from '../../schemas/config.js';
import type { ConfigEntryFields, ConfigOrigin, ProfileHost } from '../profile.js';
import type { ClaudeState } from './options.js';
import type { McpToolResponse, PromptHookResponse } from './adapters.js';
import type { ClaudeEventSpec } from './events.js';
import { stripTerminalControls } from '../../terminal-text.js';
import { compileIfCondition } from './matcher.js';
import { bracedPlaceholders, execFormArgs, referencePlaceholders, type ShellPlaceholder } from '../../shell-placeholders.js';
import type { LimitText } from './large-output.js';
import { urlForDisplay } from '../../http/url-text.js';
import { fromCommandResult, parseClaudeStdout, type ClaudeEntryOutcome } from './output.js';

type ClaudeHost = ProfileHost<ClaudeState>;

/** Per-dispatch values invokers need. */
export interface ClaudeExtras {
  /** SessionStart, Setup, CwdChanged, FileChanged: a fresh CLAUDE_ENV_FILE for one foreground command hook. */
  envFileFor?: () => string;
  /** The timeout of a hook that sets none: the event's default, or SessionEnd's (raised) budget. */
  defaultTimeoutMs: number;
  /** No foreground hook runs longer than this (SessionEnd's shared budget), or Infinity. */
  ceilingMs: number;
  /** Saves text too long to be inline (large-output.ts); the registry's. */
  limit: LimitText;
}

// A hook's timeout: its own, else the event's default, never past the dispatch's ceiling (SessionEnd's
// budget), for background hooks too.
const budget = (own: number | undefined, extras: unknown): number => {
  const { defaultTimeoutMs, ceilingMs } = extras as ClaudeExtras;
  return Math.min(own ?? defaultTimeoutMs, ceilingMs);
};

const DEFAULT_TIMEOUT_SEC: Readonly<Record<string, number>> = { prompt: 30, agent: 60 };
/** Background hooks: their own `timeout`, else 10 minutes; a self-declared one without asyncTimeout: 15 s. */
const ASYNC_TIMEOUT_MS = 600_000;
const SELF_DECLARED_ASYNC_TIMEOUT_MS = 15_000;

// A configured hook as an entry of the claude profile, or why it cannot run here.
export function makeConfigEntry(host: ClaudeHost, spec: ClaudeEventSpec, hook: HookHandlerConfig, origin: ConfigOrigin): ConfigEntryFields | { skip: string } {
  // Any plugin root runs, whatever its folder is named: its placeholders reach a shell only as references
  // to the environment (src/shell-placeholders.ts), never as text the shell parses.
  const plugin = pluginContext(host, origin);
  const timeoutMs = hook.timeout !== undefined && hook.timeout > 0 ? hook.timeout * 1000 : undefined;
  let fields: ConfigEntryFields;
  switch (hook.type) {
    case 'command':
      fields = commandEntry(host, spec, hook, plugin, timeoutMs, origin.source);
      break;
    case 'http':
      fields = httpEntry(host, spec, hook, timeoutMs, origin.source);
      break;
    case 'prompt':
    case 'agent': {
      const kind = hook.type;
      if (host.state.adapters[kind] === undefined) return { skip: `a "${kind}" hook needs the registry's \`adapters.${kind}\`, and none was given` };
      fields = promptEntry(host, spec, kind, hook, timeoutMs ?? DEFAULT_TIMEOUT_SEC[kind]! * 1000);
      break;
    }
    case 'mcp_tool':
      if (host.state.adapters.mcpTool === undefined) return { skip: 'an "mcp_tool" hook needs the registry\'s `adapters.mcpTool`, and none was given' };
      fields = mcpToolEntry(host, spec, hook, timeoutMs);
      break;
    default:
      return { skip: `unsupported handler type "${hook.type}"` };
  }
  const extra: { -readonly [K in keyof Omit<Entry, 'once'>]?: Entry[K] } & { once?: boolean } = {};
  if (timeoutMs !== undefined && fields.timeoutMs === undefined) extra.timeoutMs = timeoutMs;
  if (hook.if !== undefined) extra.condition = compileIfCondition(hook.if, () => host.projectDir, host.logger) ?? false;
  // `once` is for hooks from a skill's or an agent's frontmatter; Claude Code ignores it in settings files
  // (issue 10 rule 9: both calls ran).
  if (hook.once === true && (origin.source === 'skill' || origin.source === 'agent')) extra.once = true;
  // A spinner's text: no terminal control from a settings file (src/terminal-text.ts).
  if (hook.statusMessage !== undefined) extra.statusMessage = stripTerminalControls(hook.statusMessage);
  if (hook.onFailure !== undefined) extra.onFailure = hook.onFailure;
  // Identical settings hooks run once; a plugin's copy stays separate (its key includes its root).
  // (`shell: 'bash'` is the default: the same hook as none.)
  const identity = hook.type === 'command' ? [hook.command, hook.args ?? null, hook.shell === 'bash' ? null : (hook.shell ?? null)] : hook.type === 'http' ? [hook.url] : hook.type === 'mcp_tool' ? [hook.server, hook.tool, hook.input ?? null] : [hook.prompt, hook.model ?? null];
  extra.dedupKey = JSON.stringify([plugin?.root ?? '', hook.type, ...identity, hook.if ?? null]);
  // The copy that runs is never weaker than another: first a copy whose source keeps the harness's whole
  // environment (hookEnv) beats one that withholds some (a project copy must not run the user's guard
  // without the credentials it checks with), then a foreground copy beats an `async` one, `onFailure:
  // 'block'` beats `continue`, a longer timeout a shorter one (a project copy cannot neutralise a user's guard).
  const background = hook.async === true || hook.asyncRewake === true;
  const ownTimeout = timeoutMs ?? (DEFAULT_TIMEOUT_SEC[hook.type] ?? spec.defaultTimeoutSec) * 1000;
  // (The policy's class of the source, not a scan of the environment per configured hook.)
  const wholeEnv = host.inheritsAllEnv(origin.source);
  extra.dedupRank = guardStrength({ wholeEnv, background, failClosed: hook.onFailure === 'block', timeoutMs: ownTimeout });
  return { ...fields, ...extra };
}

const PLUGIN_PLACEHOLDERS = bracedPlaceholders(['CLAUDE_PLUGIN_ROOT', 'CLAUDE_PLUGIN_DATA']);
const [PROJECT_DIR_REFERENCE] = bracedPlaceholders(['CLAUDE_PROJECT_DIR']) as [ShellPlaceholder];

interface PluginContext {
  root: string;
  data: string;
  substitute(text: string): string;
}

// A plugin's CLAUDE_PLUGIN_ROOT and CLAUDE_PLUGIN_DATA (created), and their `${…}` substitution.
function pluginContext(host: ClaudeHost, origin: ConfigOrigin): PluginContext | undefined {
  if (origin.source !== 'plugin' || origin.pluginRoot === undefined) return undefined;
  const root = origin.pluginRoot;
  // The resolved root's folder name: a root ending in `..` names its real folder, never a way out of the data dir.
  const data = join(host.state.pluginDataDir ?? join(homedir(), '.claude', 'plugins', 'data'), basename(resolve(root)));
  return { root, data, substitute: (s) => s.replaceAll('${CLAUDE_PLUGIN_ROOT}', root).replaceAll('${CLAUDE_PLUGIN_DATA}', data) };
}

// CLAUDE_PLUGIN_DATA is created when a hook of the plugin first runs, so a plugin the gates keep off
// creates nothing.
function ensureDataDir(host: ClaudeHost, data: string): void {
  try {
    mkdirSync(data, { recursive: true });
  } catch (error) {
    host.logger.warn(`harness-hooks: cannot create the plugin data folder ${data}: ${(error as Error).message}`);
  }
}

function commandEntry(host: ClaudeHost, spec: ClaudeEventSpec, hook: HookHandlerConfig, plugin: PluginContext | undefined, timeoutMs: number | undefined, source: string): ConfigEntryFields {
  const pluginEnv: Record<string, string> = plugin === undefined ? {} : { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: plugin.data };
  const sub = plugin?.substitute ?? ((s: string) => s);
  // In `sh -c` and PowerShell, the placeholders become references to the environment
  // (src/shell-placeholders.ts); in exec form, which no shell reads, the text is substituted.
  const shellForm = hook.args === undefined;
  const configured: CommandHookSpec = { type: 'command', command: plugin !== undefined && shellForm ? referencePlaceholders(hook.command!, PLUGIN_PLACEHOLDERS, hook.shell === 'powershell' ? 'powershell' : 'sh') : sub(hook.command!) };
  // (A shell's `-c` line in exec form is shell text: references there, and CLAUDE_PROJECT_DIR too.)
  if (hook.args !== undefined) configured.args = execFormArgs(hook.command!, hook.args, plugin === undefined ? [PROJECT_DIR_REFERENCE] : [...PLUGIN_PLACEHOLDERS, PROJECT_DIR_REFERENCE], sub);
  if (hook.shell !== undefined) configured.shell = hook.shell;
  // Exec form has no shell to expand `${CLAUDE_PROJECT_DIR}`: it is substituted in `command` and in each
  // `args` element, per run (the project dir can follow the session); `$HOME` stays literal, `"a b"` one
  // argument (issue 10 rule 8).
  const execForm = hook.args !== undefined;
  // Shown (runs, listHooks, onHookStart) with the paths in place.
  const name = hook.args === undefined ? sub(hook.command!) : [configured.command, ...configured.args!].join(' ');
  const background = hook.async === true || hook.asyncRewake === true;

  const finished = (r: CommandResult, rewakeOnExit2: boolean): void => {
    const parsed = r.exitCode === 0 ? parseClaudeStdout(r.stdoutForParse ?? r.stdout, name, spec.name, host.logger) : {};
    const rewake = rewakeOnExit2 && r.exitCode === 2;
    host.state.asyncResult({
      event: spec.name,
      name,
      exitCode: r.exitCode,
      ...(parsed.output === undefined ? {} : { output: parsed.output }),
      stdout: r.stdout,
      stderr: r.stderr,
      timedOut: r.timedOut,
      durationMs: r.durationMs,
      rewake,
      ...(rewake ? { message: `${spec.name} hook blocking error from command "${name}": ${r.stderr.trim() || r.stdout.trim()}` } : {}),
    });
  };

  return {
    kind: 'command',
    name,
    plugin: plugin?.root,
    longRunning: false,
    background: false,
    // A background hook's own timeout bounds its process, not the dispatch, which does not wait for it.
    ...(background ? { timeoutMs: Infinity } : {}),
    invoke: (input, _context, signal, extras): Promise<ClaudeEntryOutcome> => {
      const { envFileFor } = extras as ClaudeExtras;
      if (plugin !== undefined) ensureDataDir(host, plugin.data);
      // Read per dispatch: CLAUDE_PROJECT_DIR follows updateSession({ cwd }) when no projectDir was given.
      // What the hook's source may not inherit is left out (`hookEnv`), then Claude Code's own variables.
      const runEnv: Record<string, string | undefined> = { ...host.withheldEnv(source), CLAUDE_PROJECT_DIR: host.projectDir, ...pluginEnv };
      // As Claude Code sets it for every hook (observed: fixtures/claude/oracle/conformance/16-*).
      const sessionId = (input as { session_id?: unknown }).session_id;
      if (typeof sessionId === 'string') runEnv.CLAUDE_CODE_SESSION_ID = sessionId;
      if (envFileFor !== undefined && !background) runEnv.CLAUDE_ENV_FILE = envFileFor();
      const cwd = (input as { cwd?: string }).cwd;
      const executor = host.executor();
      const command = execForm ? withProjectDir(configured, host.projectDir) : configured;
      if (background) {
        // async / asyncRewake: start it and let the dispatch go on at once; close() kills it.
        const run = executor.run(command, input, { cwd, env: runEnv, signal: host.closeSignal, timeoutMs: budget(timeoutMs ?? ASYNC_TIMEOUT_MS, extras) });
        host.track(run.then((r) => finished(r, hook.asyncRewake === true)));
        return Promise.resolve({ outcome: 'ok', message: 'started in the background', background: true });
      }
      return new Promise<ClaudeEntryOutcome>((resolve) => {
        // A hook may move itself to the background by printing {"async": true, "asyncTimeout": N} first.
        let backgrounded = false;
        const local = new AbortController();
        const onAbort = (): void => {
          if (!backgrounded) local.abort();
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const onClose = (): void => local.abort();
        host.closeSignal.addEventListener('abort', onClose, { once: true });
        const cleanup = (): void => {
          signal?.removeEventListener('abort', onAbort);
          host.closeSignal.removeEventListener('abort', onClose);
        };
        // The executor rejects (or a custom one throws) for a caller's error: an input that cannot be
        // serialized (a BigInt, a cycle). That is this hook failing, known at once, not at its timeout.
        const failed = (error: unknown): void => {
          cleanup();
          const message = `could not be run: ${errorMessage(error)}`;
          host.logger.warn(`harness-hooks: command hook "${name}" on ${spec.name} ${message}`);
          resolve({ outcome: 'error', message });
        };
        let run: Promise<CommandResult>;
        try {
          run = executor.run(command, input, {
            cwd,
            env: runEnv,
            signal: local.signal,
            // SessionEnd's shared budget bounds the process too, not only the dispatch's wait.
            timeoutMs: budget(timeoutMs, extras),
            onFirstLine: (line) => {
              const declared = parseAsyncDeclaration(line);
              if (declared === undefined) return undefined;
              backgrounded = true;
              resolve({ outcome: 'ok', message: 'moved itself to the background', background: true });
              return budget(declared, extras);
            },
          });
        } catch (error) {
          return failed(error);
        }
        const settled = run.then((r) => {
          cleanup();
          // Its first stdout line was the {"async": true} declaration, not part of its output.
          if (backgrounded) finished({ ...r, stdout: afterFirstLine(r.stdout), stdoutForParse: afterFirstLine(r.stdoutForParse ?? r.stdout) }, false);
          else resolve(fromCommandResult(r, spec, name, host.logger, cwd));
        }, failed);
        host.track(settled);
      });
    },
  };
}

const PROJECT_DIR_PLACEHOLDER = '${CLAUDE_PROJECT_DIR}';

// An exec-form command with `${CLAUDE_PROJECT_DIR}` replaced in its command and args (the same object when
// neither holds it).
function withProjectDir(spec: CommandHookSpec, projectDir: string): CommandHookSpec {
  const has = spec.command.includes(PROJECT_DIR_PLACEHOLDER) || spec.args!.some((a) => a.includes(PROJECT_DIR_PLACEHOLDER));
  if (!has) return spec;
  // (A shell's `-c` line holds references already, made when the hook was configured: not text to paste into.)
  return { ...spec, command: spec.command.replaceAll(PROJECT_DIR_PLACEHOLDER, projectDir), args: execFormArgs(spec.command, spec.args!, [], (a) => a.replaceAll(PROJECT_DIR_PLACEHOLDER, projectDir)) };
}

// `{"async": true, "asyncTimeout": N}` (N in ms) as a first stdout line: the new timeout, else undefined.
export function parseAsyncDeclaration(line: string): number | undefined {
  const text = line.trim();
  if (!text.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(text) as { async?: unknown; asyncTimeout?: unknown };
    if (value?.async !== true) return undefined;
    return typeof value.asyncTimeout === 'number' && value.asyncTimeout > 0 ? value.asyncTimeout : SELF_DECLARED_ASYNC_TIMEOUT_MS;
  } catch {
    return undefined;
  }
}

function httpEntry(host: ClaudeHost, spec: ClaudeEventSpec, hook: HookHandlerConfig, timeoutMs: number | undefined, source: string): ConfigEntryFields {
  const url = hook.url!;
  return {
    kind: 'http',
    // Shown in runs, listHooks, onHookStart and warnings: never with the URL's credentials (urlForDisplay).
    name: urlForDisplay(url),
    plugin: undefined,
    longRunning: false,
    background: false,
    httpType: true,
    invoke: async (input, _context, signal, extras): Promise<ClaudeEntryOutcome> => {
      // The HTTP runner loads on the first HTTP hook, not at package import (cold start).
      const { runHttpHook, matchesUrlPattern } = await import('../../http/index.js');
      // Settings files' allowedHttpHookUrls: the URL must match one pattern of every list (policy.ts).
      for (const list of host.state.policy.urlLists(source)) {
        if (!list.some((pattern) => matchesUrlPattern(url, pattern))) {
          const message = `HTTP hook ${urlForDisplay(url)} was refused: its URL is not in a settings file's allowedHttpHookUrls (${list.map((p) => JSON.stringify(p)).join(', ') || 'empty'})`;
          host.logger.warn(`harness-hooks: ${message}`);
          return { outcome: 'error', message };
        }
      }
      // The hook's own allowedEnvVars cannot name what its source may not inherit (`hookEnv`), nor what a
      // settings file's httpHookAllowedEnvVars leaves out.
      const withheld = host.withheldEnv(source);
      const allowedEnvVars = hook.allowedEnvVars === undefined ? undefined : host.state.policy.allowedEnvVars(hook.allowedEnvVars, source).filter((name) => withheld === undefined || !(name in withheld));
      const r = await runHttpHook({ type: 'http', url, ...(hook.headers ? { headers: hook.headers } : {}), ...(allowedEnvVars ? { allowedEnvVars } : {}) }, input, {
        timeoutMs: budget(timeoutMs, extras),
        ...(signal ? { signal } : {}),
        ...(host.state.http.allowedUrls ? { allowedUrls: host.state.http.allowedUrls } : {}),
        allowPrivateNetwork: host.state.http.allowPrivateNetwork,
      });
      if (r.outcome === 'aborted') return { outcome: 'aborted' };
      if (r.outcome !== 'ok') {
        const message = r.message ?? `HTTP hook ${urlForDisplay(url)} failed (${r.outcome})`;
        host.logger.warn(`harness-hooks: ${message}`);
        return { outcome: r.outcome === 'timeout' ? 'timeout' : 'error', message };
      }
      // Read like command stdout; an empty body is `{}`; a 2xx plain-text body is context for the model
      // where the event takes context (issue 10 rule 14, the docs' HTTP hooks).
      const parsed = parseClaudeStdout(r.body.trim() === '' ? '{}' : r.body, urlForDisplay(url), spec.name, host.logger);
      if (parsed.text !== undefined && parsed.garbage !== true && !spec.plainTextContext && spec.outputFields.includes('additionalContext')) {
        return { outcome: 'ok', output: { hookSpecificOutput: { hookEventName: spec.name, additionalContext: parsed.text } as never } };
      }
      return { outcome: 'ok', ...parsed };
    },
  };
}

function promptEntry(host: ClaudeHost, spec: ClaudeEventSpec, kind: 'prompt' | 'agent', hook: HookHandlerConfig, timeoutMs: number): ConfigEntryFields {
  const adapter = host.state.adapters[kind]!;
  return {
    kind,
    name: `${kind}: ${hook.prompt!.length > 60 ? `${hook.prompt!.slice(0, 60)}…` : hook.prompt!}`,
    plugin: undefined,
    longRunning: false,
    background: false,
    timeoutMs,
    invoke: async (input, context): Promise<ClaudeEntryOutcome> => {
      const request = {
        kind,
        prompt: promptText(hook.prompt!, JSON.stringify(input)),
        ...(hook.model === undefined ? {} : { model: hook.model }),
        timeoutMs,
        signal: (context as EntryContext).signal,
        event: spec.name,
        input,
      };
      const response: PromptHookResponse = await adapter(request);
      if (response === null || typeof response !== 'object' || typeof response.ok !== 'boolean') {
        return { outcome: 'error', message: `the ${kind} adapter returned ${JSON.stringify(response)}, not { ok: boolean, reason? }`, garbage: true };
      }
      if (response.ok) return { outcome: 'ok' };
      const reason = response.reason ?? `the ${kind} hook said no`;
      // The docs: `ok: false` has no effect on PermissionRequest (SessionStart and Setup run no prompt or
      // agent hooks: profile.ts's whyNot).
      if (spec.name === 'PermissionRequest') return { outcome: 'ok', message: `${reason} (ok: false has no effect on PermissionRequest)` };
      // ok: false blocks; continueOnBlock sets the block's `continue` (default false: the turn ends).
      return { outcome: 'block', output: { decision: 'block', reason, continue: hook.continueOnBlock === true } };
    },
  };
}

function mcpToolEntry(host: ClaudeHost, spec: ClaudeEventSpec, hook: HookHandlerConfig, timeoutMs: number | undefined): ConfigEntryFields {
  const adapter = host.state.adapters.mcpTool!;
  const name = `mcp_tool: ${hook.server}/${hook.tool}`;
  return {
    kind: 'mcp_tool',
    name,
    plugin: undefined,
    longRunning: false,
    background: false,
    invoke: async (input, context, _signal, extras): Promise<ClaudeEntryOutcome> => {
      const response: McpToolResponse = await adapter({
        server: hook.server!,
        tool: hook.tool!,
        input: interpolateInput(hook.input ?? {}, input) as Record<string, unknown>,
        signal: (context as EntryContext).signal,
        timeoutMs: budget(timeoutMs, extras),
      });
      const text = mcpText(response);
      if (text === undefined) return { outcome: 'error', message: `the mcp_tool adapter returned ${JSON.stringify(response)}, not text or an MCP result`, garbage: true };
      // A tool result with isError: a non-blocking error (its text says what went wrong), never a decision.
      if (typeof response === 'object' && response.isError === true) return { outcome: 'error', message: `the MCP tool ${hook.server}/${hook.tool} returned an error: ${text.slice(0, 200)}` };
      return { outcome: 'ok', ...parseClaudeStdout(text, name, spec.name, host.logger) };
    },
  };
}

// A prompt hook's text: `$ARGUMENTS` becomes the hook input JSON, `\\$` is a literal `$`; without any
// `$ARGUMENTS`, the input JSON is appended (the docs' prompt hooks).
export function promptText(prompt: string, json: string): string {
  let used = false;
  const text = prompt.replace(/\\\$|\$ARGUMENTS/g, (m) => {
    if (m !== '$ARGUMENTS') return '$';
    used = true;
    return json;
  });
  return used ? text : `${text}\n\n${json}`;
}

// `${tool_input.file_path}` in string values, filled from the hook input (missing paths become '').
export function interpolateInput(value: unknown, input: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\$\{([^}]+)\}/g, (_, path: string) => stringAt(input, path));
  if (Array.isArray(value)) return value.map((v) => interpolateInput(v, input));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateInput(v, input)]));
  return value;
}

function stringAt(input: unknown, path: string): string {
  let cur: unknown = input;
  for (const key of path.trim().split('.')) {
    if (cur === null || typeof cur !== 'object') return '';
    cur = (cur as Record<string, unknown>)[key];
  }
  if (cur === undefined || cur === null) return '';
  return typeof cur === 'string' ? cur : JSON.stringify(cur);
}

function mcpText(response: McpToolResponse): string | undefined {
  if (typeof response === 'string') return response;
  if (response === null || typeof response !== 'object' || !Array.isArray(response.content)) return undefined;
  return response.content
    .filter((part) => part?.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('');
}

// What a self-declared async hook printed after its `{"async": true}` line.
function afterFirstLine(text: string): string {
  return text.slice(text.indexOf('\n') + 1 || text.length);
}
