// Claude Code's translation table (src/dialects/table.ts). The hub speaks Claude's words, so most rows are
// the identity; they still say which events and tools Claude has, and what its results can state.
// Sources: CC = this folder's events.ts and payloads.ts (Claude Code 2.1.328, recorded from the binary);
// CC-DOC = code.claude.com/docs/en/hooks#pretooluse-input (per-tool `tool_input` tables).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'tool_name', tool_input: 'tool_input', tool_use_id: 'tool_use_id' } as const;

export const claudeDialect: DialectTable = {
  profile: 'claude',
  mcp: 'claude',
  // Carried to the bridge: `if` (permission-rule syntax on the tool's input, CC) narrows where the hook runs;
  // `onFailure: "block"` makes its failure a block (without it a crashing guard would let the call through).
  hookConfig: { shape: 'grouped', command: 'command', timeout: 'timeout', unit: 's', defaultTimeout: 600, projectFile: '.claude/settings.json', carried: ['if', 'onFailure'] },
  common: { session_id: 'session_id', transcript_path: 'transcript_path', cwd: 'cwd', permission_mode: 'permission_mode', agent_id: 'agent_id', agent_type: 'agent_type' },
  events: [
    { event: 'PreToolUse', action: 'tool.before', fields: TOOL, mint: ['tool_use_id'], states: { permission: true, ask: true, rewrite: true }, source: 'CC' },
    { event: 'PostToolUse', action: 'tool.after', fields: { ...TOOL, tool_response: 'tool_response' }, mint: ['tool_use_id'], defaults: { tool_response: null }, source: 'CC' },
    { event: 'PostToolUseFailure', action: 'tool.failed', fields: { ...TOOL, error: 'error', is_interrupt: 'is_interrupt' }, mint: ['tool_use_id'], defaults: { error: '' }, source: 'CC' },
    { event: 'PermissionRequest', action: 'tool.permission', fields: { tool_name: 'tool_name', tool_input: 'tool_input' }, states: { permission: true, rewrite: true }, source: 'CC' },
    { event: 'UserPromptSubmit', action: 'prompt', fields: { prompt: 'prompt' }, source: 'CC' },
    { event: 'Stop', action: 'stop', fields: { stop_hook_active: 'stop_hook_active', last_assistant_message: 'last_assistant_message' }, defaults: { stop_hook_active: false }, states: { continuation: true }, source: 'CC' },
    { event: 'SubagentStart', action: 'subagent.start', fields: { agent_id: 'agent_id', agent_type: 'agent_type' }, source: 'CC' },
    {
      event: 'SubagentStop',
      action: 'subagent.stop',
      fields: { agent_id: 'agent_id', agent_type: 'agent_type', stop_hook_active: 'stop_hook_active', last_assistant_message: 'last_assistant_message', agent_transcript_path: 'agent_transcript_path' },
      defaults: { stop_hook_active: false, agent_transcript_path: '' },
      states: { continuation: true },
      source: 'CC',
    },
    // A host that says no source (Cursor, the afk reference) starts a session: `startup`.
    { event: 'SessionStart', action: 'session.start', fields: { source: 'source', model: 'model' }, exact: ['source'], defaults: { source: 'startup' }, source: 'CC' },
    { event: 'SessionEnd', action: 'session.end', fields: { reason: 'reason' }, defaults: { reason: 'other' }, source: 'CC' },
    { event: 'PreCompact', action: 'compact.before', fields: { trigger: 'trigger', custom_instructions: 'custom_instructions' }, defaults: { trigger: 'auto', custom_instructions: '' }, source: 'CC' },
    { event: 'PostCompact', action: 'compact.after', fields: { trigger: 'trigger', compact_summary: 'compact_summary' }, defaults: { trigger: 'auto', compact_summary: '' }, source: 'CC' },
    { event: 'Notification', action: 'notification', fields: { message: 'message', title: 'title', notification_type: 'notification_type' }, source: 'CC' },
  ],
  tools: [
    { kind: 'shell', name: 'Bash', keys: { command: 'command', description: 'description', timeout: 'timeout', run_in_background: 'run_in_background' }, source: 'CC-DOC' },
    { kind: 'shell', name: 'PowerShell', alias: true, keys: { command: 'command', description: 'description', timeout: 'timeout' }, source: 'CC-DOC (Windows)' },
    { kind: 'read', name: 'Read', keys: { file_path: 'file_path', offset: 'offset', limit: 'limit' }, source: 'CC-DOC' },
    { kind: 'write', name: 'Write', keys: { file_path: 'file_path', content: 'content' }, source: 'CC-DOC' },
    { kind: 'edit', name: 'Edit', keys: { file_path: 'file_path', old_string: 'old_string', new_string: 'new_string', replace_all: 'replace_all' }, source: 'CC-DOC' },
    { kind: 'multi_edit', name: 'MultiEdit', keys: { file_path: 'file_path', edits: 'edits' }, source: 'CC-DOC (legacy tool)' },
    { kind: 'glob', name: 'Glob', keys: { pattern: 'pattern', path: 'path' }, source: 'CC-DOC' },
    { kind: 'grep', name: 'Grep', keys: { pattern: 'pattern', path: 'path', glob: 'glob', output_mode: 'output_mode', '-i': '-i', multiline: 'multiline' }, source: 'CC-DOC' },
    { kind: 'ls', name: 'LS', keys: { path: 'path' }, source: 'CC-DOC (legacy tool)' },
    { kind: 'web_fetch', name: 'WebFetch', keys: { url: 'url', prompt: 'prompt' }, source: 'CC-DOC' },
    { kind: 'web_search', name: 'WebSearch', keys: { query: 'query', allowed_domains: 'allowed_domains', blocked_domains: 'blocked_domains' }, source: 'CC-DOC' },
    { kind: 'agent', name: 'Agent', keys: { prompt: 'prompt', description: 'description', subagent_type: 'subagent_type', model: 'model' }, source: 'CC-DOC' },
    { kind: 'agent', name: 'Task', alias: true, keys: { prompt: 'prompt', description: 'description', subagent_type: 'subagent_type', model: 'model' }, source: 'CC-DOC (the legacy name)' },
    { kind: 'todo', name: 'TodoWrite', keys: { todos: 'todos' }, source: 'CC-DOC' },
    { kind: 'ask_user', name: 'AskUserQuestion', keys: { questions: 'questions' }, source: 'CC-DOC' },
  ],
};
