// The claude profile's own registry options and the state it keeps per registry: the adapters for the
// handler types a library cannot run by itself, the HTTP hooks' URL and network rules, plugins' data
// folder, and the results of background hooks until the harness takes them.
import { isAbsolute } from 'node:path';
import { errorMessage } from '../../dispatch-run.js';
import { describeValue, HookTypeError } from '../../errors.js';
import type { HookLogger } from '../../types.js';
import type { AsyncHookResult, HookAdapters } from './adapters.js';
import { ClaudePolicy } from './policy.js';
import type { ClaudeEventSpec } from './events.js';
import type { ClaudeExtras } from './handlers.js';
import type { ParallelLimits } from '../../parallel-run.js';
import type { ClaudeEntryOutcome } from './output.js';
import { defaultLargeOutputDir, makeLimitText } from './large-output.js';
import { StopCap, type StopCapRule } from '../../stop-cap.js';

/** The claude profile's registry options (besides the shared ones). */
export interface ClaudeProfileOptions {
  /** Plugins' data folders are `<pluginDataDir>/<plugin folder name>` (`CLAUDE_PLUGIN_DATA`). Default `~/.claude/plugins/data`. */
  pluginDataDir?: string;
  /** Runs `prompt`, `agent` and `mcp_tool` hooks; without one, such hooks are skipped with a warning. */
  adapters?: HookAdapters;
  /** URL patterns (`*` wildcards) HTTP hooks may call; any other URL is refused before a request. Default: any. */
  allowedHttpHookUrls?: readonly string[];
  /** Let HTTP hooks reach loopback, private and link-local addresses. Default `false`. */
  allowPrivateNetwork?: boolean;
  /** Called with each background hook result as it finishes (they are also kept for `takeAsyncResults()`). */
  onAsyncResult?: (result: AsyncHookResult) => void;
  /**
   * Where hook text over 10,000 characters is saved (the result carries a 2,000-character preview and the
   * file's path, as Claude Code does). Default: `<os tmpdir>/harness-hooks-output-<uid>` (a folder of this user only, 0700).
   */
  largeOutputDir?: string;
  /**
   * Stop (per session) and SubagentStop (per agent) blocks obeyed in a row; the next is overridden
   * (`stopCapped`). Default: `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP`, else 8, as in Claude Code.
   */
  stopBlockCap?: number;
}

export const CLAUDE_OPTION_KEYS = ['pluginDataDir', 'adapters', 'allowedHttpHookUrls', 'allowPrivateNetwork', 'onAsyncResult', 'stopBlockCap', 'largeOutputDir'] as const;

/** Claude Code 2.1.328's Stop cap: 8 continuations, then the block is overridden (observed, fixtures/claude/oracle/conformance/11-*). */
export const CLAUDE_STOP_CAP: StopCapRule = Object.freeze({
  defaultCap: 8,
  envVar: 'CLAUDE_CODE_STOP_HOOK_BLOCK_CAP',
  message: (blocks: number) =>
    `A hook blocked the turn from ending ${blocks} consecutive times\u2014overriding and ending turn. For Stop/SubagentStop hooks, check stop_hook_active in the input and return success while it's true. Set CLAUDE_CODE_STOP_HOOK_BLOCK_CAP to raise this limit.`,
});

/** What the claude profile keeps per registry (`host.state`). */
export interface ClaudeState {
  readonly adapters: Readonly<HookAdapters>;
  readonly http: { readonly allowedUrls: readonly string[] | undefined; readonly allowPrivateNetwork: boolean };
  readonly pluginDataDir: string | undefined;
  /** The hook settings keys of the files added (policy.ts). */
  readonly policy: ClaudePolicy;
  /** Blocked Stop / SubagentStop dispatches in a row. */
  readonly stopCap: StopCap;
  /** CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS when the registry was made, if a number. */
  readonly sessionEndEnvMs: number | undefined;
  /** The fixed per-dispatch values of an event for this registry (made once per event). */
  extrasFor(spec: ClaudeEventSpec): ClaudeExtras;
  /** The parallel run's limits of an event for this registry, with its fixed extras (made once per event by profile.ts). */
  readonly runLimits: Map<ClaudeEventSpec, ParallelLimits<ClaudeEntryOutcome>>;
  /** Hands a finished background hook's result to the harness. */
  asyncResult(result: AsyncHookResult): void;
  /** The results since the last call, each once, in completion order. */
  takeAsyncResults(): AsyncHookResult[];
}

// Validates the claude options (a TypeError naming the option and the value) and makes the state.
export function makeClaudeState(options: Readonly<ClaudeProfileOptions>, logger: HookLogger): ClaudeState {
  const { pluginDataDir, onAsyncResult, allowedHttpHookUrls: urls, allowPrivateNetwork } = options;
  for (const [key, dir] of [
    ['pluginDataDir', pluginDataDir],
    ['largeOutputDir', options.largeOutputDir],
  ] as const) {
    if (dir !== undefined && (typeof dir !== 'string' || !isAbsolute(dir))) {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`${key}\` option to be an absolute path, got ${describeValue(dir)}`);
    }
  }
  const limit = makeLimitText(() => options.largeOutputDir ?? defaultLargeOutputDir(), logger);
  const extras = new Map<ClaudeEventSpec, ClaudeExtras>();
  if (onAsyncResult !== undefined && typeof onAsyncResult !== 'function') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`onAsyncResult\` option to be a function, got ${describeValue(onAsyncResult)}`);
  }
  const adapters = options.adapters ?? {};
  for (const key of ['prompt', 'agent', 'mcpTool'] as const) {
    if (adapters[key] !== undefined && typeof adapters[key] !== 'function') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`adapters.${key}\` to be a function, got ${describeValue(adapters[key])}`);
    }
  }
  if (urls !== undefined && (!Array.isArray(urls) || !urls.every((u) => typeof u === 'string'))) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`allowedHttpHookUrls\` option to be an array of URL patterns, got ${describeValue(urls)}`);
  }
  if (allowPrivateNetwork !== undefined && typeof allowPrivateNetwork !== 'boolean') {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`allowPrivateNetwork\` option to be a boolean, got ${describeValue(allowPrivateNetwork)}`);
  }
  let results: AsyncHookResult[] = [];
  return {
    adapters: Object.freeze({ ...adapters }),
    http: Object.freeze({ allowedUrls: urls === undefined ? undefined : Object.freeze([...urls]), allowPrivateNetwork: allowPrivateNetwork === true }),
    pluginDataDir,
    policy: new ClaudePolicy(),
    stopCap: new StopCap(CLAUDE_STOP_CAP, options.stopBlockCap),
    runLimits: new Map(),
    extrasFor(spec) {
      let e = extras.get(spec);
      if (e === undefined) extras.set(spec, (e = Object.freeze({ defaultTimeoutMs: spec.defaultTimeoutSec * 1000, ceilingMs: Infinity, limit })));
      return e;
    },
    sessionEndEnvMs: /^\d+$/.test(process.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS ?? '') ? Number(process.env.CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS) : undefined,
    asyncResult(result) {
      results.push(result);
      if (onAsyncResult === undefined) return;
      try {
        onAsyncResult(result);
      } catch (error) {
        logger.warn(`harness-hooks: onAsyncResult threw: ${errorMessage(error)}`);
      }
    },
    takeAsyncResults() {
      const taken = results;
      results = [];
      return taken;
    },
  };
}
