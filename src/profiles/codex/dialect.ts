// Codex's translation table (src/dialects/table.ts). Sources: CX = this folder's events.ts and
// fixtures/codex/oracle/FINDINGS.md (Codex 0.169.0, the binary); CX-HTN = codex-rs `HookToolName`
// (`apply_patch()` with matcher aliases `Write`, `Edit`; `bash()` → `Bash`); CX-PR = openai/codex PRs
// #18391 (apply_patch hooks: the raw patch as `tool_input.command`; shell and `exec_command` expose `Bash`),
// #24149 (`spawn_agent`, `Agent` matcher alias), #23757 (local function tools only; hosted tools get no hooks).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'tool_name', tool_input: 'tool_input', tool_use_id: 'tool_use_id' } as const;

export const codexDialect: DialectTable = {
  profile: 'codex',
  mcp: 'claude',
  hookConfig: { shape: 'grouped', command: 'command', timeout: 'timeout', unit: 's', defaultTimeout: 600, projectFile: '.codex/hooks.json' },
  // Codex always sends these: where the host never says them, its defaults (the mode) and an empty model.
  commonDefaults: { model: '', permission_mode: 'default' },
  common: { session_id: 'session_id', turn_id: 'turn_id', transcript_path: 'transcript_path', cwd: 'cwd', model: 'model', permission_mode: 'permission_mode', agent_id: 'agent_id', agent_type: 'agent_type' },
  events: [
    // No `ask`: an ask fails the hook in Codex (CX), so a foreign ask is stated as a deny.
    // Codex sends `tool_use_id` (the call's id) on both: made up when the host has none (CX §1).
    { event: 'PreToolUse', action: 'tool.before', fields: TOOL, mint: ['tool_use_id'], states: { permission: true, rewrite: true }, source: 'CX' },
    { event: 'PostToolUse', action: 'tool.after', fields: { ...TOOL, tool_response: 'tool_response' }, mint: ['tool_use_id'], defaults: { tool_response: null }, source: 'CX' },
    // 0.169.0 has no PostToolUseFailure: a failed call fires nothing (CX).
    { event: 'PermissionRequest', action: 'tool.permission', fields: { tool_name: 'tool_name', tool_input: 'tool_input' }, states: { permission: true }, source: 'CX (no tool_use_id on PermissionRequest)' },
    { event: 'UserPromptSubmit', action: 'prompt', fields: { prompt: 'prompt' }, source: 'CX' },
    { event: 'Stop', action: 'stop', fields: { stop_hook_active: 'stop_hook_active', last_assistant_message: 'last_assistant_message' }, states: { continuation: true, continuationField: { name: 'continuation', list: true } }, source: 'CX' },
    { event: 'SubagentStart', action: 'subagent.start', fields: { agent_id: 'agent_id', agent_type: 'agent_type' }, exact: ['agent_id', 'agent_type'], source: 'CX' },
    {
      event: 'SubagentStop',
      action: 'subagent.stop',
      fields: { agent_id: 'agent_id', agent_type: 'agent_type', stop_hook_active: 'stop_hook_active', last_assistant_message: 'last_assistant_message', agent_transcript_path: 'agent_transcript_path' },
      exact: ['agent_id', 'agent_type'],
      states: { continuation: true, continuationField: { name: 'continuation', list: true } },
      source: 'CX',
    },
    { event: 'SessionStart', action: 'session.start', fields: { source: 'source' }, exact: ['source'], defaults: { source: 'startup' }, source: 'CX' },
    { event: 'SessionEnd', action: 'session.end', fields: { reason: 'reason' }, source: 'CX (0.169.0 sends reason "other")' },
    { event: 'PreCompact', action: 'compact.before', fields: { trigger: 'trigger' }, defaults: { trigger: 'auto' }, source: 'CX' },
    { event: 'PostCompact', action: 'compact.after', fields: { trigger: 'trigger' }, defaults: { trigger: 'auto' }, source: 'CX' },
  ],
  values: {
    reason: [
      ['other', 'other'],
      ['clear', 'other'],
      ['resume', 'other'],
      ['logout', 'other'],
      ['prompt_input_exit', 'other'],
    ],
  },
  tools: [
    { kind: 'shell', name: 'Bash', keys: { command: 'command' }, source: 'CX-PR #18391; CX (exec_command reports `{command}`)' },
    // One tool writes, edits and deletes: the patch text as `tool_input.command` (CX-HTN, CX-PR #18391).
    { kind: 'patch', name: 'apply_patch', codec: 'patch-object', source: 'CX-HTN; CX-PR #18391' },
    { kind: 'agent', name: 'spawn_agent', source: 'CX-PR #24149 (its keys are not documented: the hub\'s are passed as they are)' },
    { kind: 'todo', name: 'update_plan', source: 'CX-PR #23757 (UNVERIFIED in hooks)' },
  ],
};
