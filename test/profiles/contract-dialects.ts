// Each built-in profile's dialect for the shared contract suite (contract.test.ts): its tool event and
// payload, how an in-process handler denies, how its config file writes a command hook, and its sources.
export { HookRegistry } from '../../src/index.js';
import { PROFILES } from '../../src/profiles/index.js';

export interface Dialect {
  name: string;
  options?: Record<string, unknown>;
  tool: { event: string; payload: Record<string, unknown> };
  deny(reason: string): unknown;
  commandHook(command: string, timeoutSec?: number): Record<string, unknown>;
  config(event: string, hooks: Record<string, unknown>[]): unknown;
  userSource: string;
  projectSource: string;
  /** The profile's result has `permissionDecision`. */
  permissionDecision: boolean;
  /** An exit 2's reason: its stderr, or the harness's own words (Copilot does not read stderr). */
  exit2Reason?: string;
}

const grouped = (event: string, hooks: Record<string, unknown>[]) => ({ hooks: { [event]: [{ hooks }] } });
const seconds = (command: string, timeoutSec?: number) => ({ type: 'command', command, ...(timeoutSec === undefined ? {} : { timeout: timeoutSec }) });
const CLAUDE_DENY = (reason: string) => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });

const DIALECTS: Record<string, Dialect> = {
  default: {
    name: 'default',
    tool: { event: 'PreToolUse', payload: { toolName: 'Bash', input: { command: 'ls' } } },
    deny: (reason) => ({ decision: 'block', reason }),
    commandHook: seconds,
    config: grouped,
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: false,
  },
  claude: {
    name: 'claude',
    tool: { event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1' } },
    deny: CLAUDE_DENY,
    commandHook: seconds,
    config: grouped,
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: true,
  },
  codex: {
    name: 'codex',
    // The contract is about the engine: Codex's trust by trusted_hash is its own suite's (test/profiles/codex).
    options: { bypassHookTrust: true },
    tool: { event: 'PreToolUse', payload: { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 'call_1', turn_id: 't1', model: 'm', permission_mode: 'default' } },
    deny: CLAUDE_DENY,
    commandHook: seconds,
    config: grouped,
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: true,
  },
  gemini: {
    name: 'gemini',
    tool: { event: 'BeforeTool', payload: { tool_name: 'run_shell_command', tool_input: { command: 'ls' } } },
    deny: (reason) => ({ decision: 'deny', reason }),
    // Gemini's timeouts are milliseconds.
    commandHook: (command, timeoutSec) => ({ type: 'command', command, ...(timeoutSec === undefined ? {} : { timeout: timeoutSec * 1000 }) }),
    config: grouped,
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: true,
  },
  copilot: {
    name: 'copilot',
    tool: { event: 'preToolUse', payload: { toolName: 'bash', toolArgs: { command: 'ls' } } },
    deny: (reason) => ({ permissionDecision: 'deny', permissionDecisionReason: reason }),
    commandHook: (command, timeoutSec) => ({ type: 'command', bash: command, ...(timeoutSec === undefined ? {} : { timeoutSec }) }),
    config: (event, hooks) => ({ version: 1, hooks: { [event]: hooks } }),
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: true,
    exit2Reason: 'hook exited with code 2',
  },
  cursor: {
    name: 'cursor',
    tool: { event: 'preToolUse', payload: { tool_name: 'Shell', tool_input: { command: 'ls' }, tool_use_id: 'call_1' } },
    deny: (reason) => ({ permission: 'deny', user_message: reason }),
    commandHook: (command, timeoutSec) => ({ command, ...(timeoutSec === undefined ? {} : { timeout: timeoutSec }) }),
    config: (event, hooks) => ({ version: 1, hooks: { [event]: hooks } }),
    userSource: 'user',
    projectSource: 'project',
    permissionDecision: true,
  },
};

/** [name, dialect] for every built-in profile (a profile without a dialect here fails the suite). */
export const PROFILE_NAMES_FOR_TESTS: [string, Dialect][] = Object.keys(PROFILES).map((name) => {
  const d = DIALECTS[name];
  if (d === undefined) throw new Error(`test/profiles/contract-dialects.ts has no dialect for the ${name} profile: add one`);
  return [name, d];
});
