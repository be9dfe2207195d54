// The afk reference's translation table (src/dialects/table.ts). Sources: AFK = the afk hook reference
// (events, in-process fields, the command fields, the matcher table), as this folder's events.ts and
// payloads.ts read it. afk names its tools in lowercase and lets a harness alias them (`toolAliases`); the
// reference names only `bash`, and matches Claude's `Edit|Write|MultiEdit` through aliases: the other names
// and every tool's input keys are Claude's, lowercased (UNVERIFIED).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'toolName', tool_input: 'input', tool_use_id: 'toolUseId', cwd: 'cwd' } as const;
const UNVERIFIED = 'AFK (name UNVERIFIED: Claude\'s, lowercased)';

export const defaultDialect: DialectTable = {
  profile: 'default',
  mcp: 'claude',
  hookConfig: { shape: 'grouped', command: 'command', timeout: 'timeout', unit: 's', defaultTimeout: 30 },
  common: { session_id: 'sessionId' },
  events: [
    // No permission decision and no ask: a block is a block; a foreign ask is stated as one.
    { event: 'PreToolUse', action: 'tool.before', fields: TOOL, states: { rewrite: true }, source: 'AFK' },
    { event: 'PostToolUse', action: 'tool.after', fields: { ...TOOL, tool_response: 'output' }, source: 'AFK' },
    { event: 'PostToolUseFailure', action: 'tool.failed', fields: { ...TOOL, error: 'error' }, defaults: { error: '' }, source: 'AFK' },
    { event: 'UserPromptSubmit', action: 'prompt', fields: { prompt: 'prompt' }, source: 'AFK' },
    { event: 'Stop', action: 'stop', fields: { stop_hook_active: 'stopHookActive', loop_count: 'continuation', last_assistant_message: 'assistantText' }, states: { continuation: true }, source: 'AFK (a block feeds the reason to another round)' },
    { event: 'SubagentStart', action: 'subagent.start', fields: { agent_id: 'subagentId' }, exact: ['agent_id'], source: 'AFK' },
    { event: 'SubagentStop', action: 'subagent.stop', fields: { agent_id: 'subagentId', agent_type: 'agentType', last_assistant_message: 'lastMessage' }, exact: ['agent_id'], defaults: { status: 'succeeded' }, source: 'AFK' },
    { event: 'SessionStart', action: 'session.start', fields: {}, source: 'AFK' },
    { event: 'SessionEnd', action: 'session.end', fields: { reason: 'reason', cwd: 'cwd' }, source: 'AFK' },
    { event: 'PreCompact', action: 'compact.before', fields: { trigger: 'trigger' }, source: 'AFK' },
  ],
  tools: [
    { kind: 'shell', name: 'bash', source: 'AFK (its matcher table)' },
    { kind: 'read', name: 'read', source: UNVERIFIED },
    { kind: 'write', name: 'write', source: UNVERIFIED },
    { kind: 'edit', name: 'edit', source: UNVERIFIED },
    { kind: 'multi_edit', name: 'multiedit', source: UNVERIFIED },
    { kind: 'glob', name: 'glob', source: UNVERIFIED },
    { kind: 'grep', name: 'grep', source: UNVERIFIED },
    { kind: 'web_fetch', name: 'webfetch', source: UNVERIFIED },
    { kind: 'web_search', name: 'websearch', source: UNVERIFIED },
    { kind: 'agent', name: 'agent', source: UNVERIFIED },
  ],
};
