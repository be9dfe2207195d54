// Cursor's translation table (src/dialects/table.ts). Sources: CU-L = this folder's events.ts and
// payloads.ts (Cursor 3.9.16's hooks reference and field reports); CU-3P = cursor.com/docs/reference/
// third-party-hooks (its Claude → Cursor event and tool maps, v1–v3); CU-R1 = the reference as quoted and
// live-checked in griddynamics/rosetta docs/hooks/cursor.md; CU-OBS = cursor-agent runs seen in the field
// (DobermanCore PR #576: `Shell`, `cwd: ""`, the workspace in `workspace_roots`).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'tool_name', tool_input: 'tool_input', tool_use_id: 'tool_use_id', cwd: 'cwd' } as const;

export const cursorDialect: DialectTable = {
  profile: 'cursor',
  mcp: 'cursor',
  // The session's id is Cursor's conversation (and, observed on 3.9.16, its session_id too); a turn is a generation.
  // `failClosed` turns a gate's crash or timeout into a block (CU-L): a bridged guard without it would fail open.
  // (`loop_limit` counts follow-ups across a conversation, which one bridged call cannot: not carried.)
  hookConfig: { shape: 'flat', command: 'command', timeout: 'timeout', unit: 's', defaultTimeout: 60, projectFile: '.cursor/hooks.json', carried: ['failClosed'] },
  common: { session_id: 'conversation_id', turn_id: 'generation_id', model: 'model', transcript_path: 'transcript_path' },
  events: [
    { event: 'preToolUse', action: 'tool.before', fields: TOOL, states: { permission: true, ask: true, rewrite: true }, source: 'CU-L; CU-3P (PreToolUse → preToolUse)' },
    // Cursor also fires its tool-specific events for the same call (CU-L): written for those tools only.
    { event: 'beforeShellExecution', action: 'tool.before', writeOnly: true, tools: ['shell'], fields: { 'tool_input.command': 'command', cwd: 'cwd' }, states: { permission: true, ask: true }, source: 'CU-L' },
    { event: 'beforeMCPExecution', action: 'tool.before', writeOnly: true, tools: ['mcp'], fields: { tool_name: 'tool_name', tool_input: 'tool_input' }, states: { permission: true, ask: true }, source: 'CU-L' },
    { event: 'beforeReadFile', action: 'tool.before', writeOnly: true, tools: ['read'], fields: { 'tool_input.file_path': 'file_path' }, states: { permission: true }, source: 'CU-L (the file\'s content is not known before the read: not sent)' },
    { event: 'postToolUse', action: 'tool.after', fields: { ...TOOL, tool_response: 'tool_output' }, source: 'CU-L; CU-3P (PostToolUse → postToolUse)' },
    { event: 'afterShellExecution', action: 'tool.after', writeOnly: true, tools: ['shell'], fields: { 'tool_input.command': 'command', tool_response: 'output' }, source: 'CU-L' },
    { event: 'afterMCPExecution', action: 'tool.after', writeOnly: true, tools: ['mcp'], fields: { tool_name: 'tool_name', tool_input: 'tool_input', tool_response: 'result_json' }, source: 'CU-L' },
    { event: 'afterFileEdit', action: 'tool.after', writeOnly: true, tools: ['write', 'edit', 'multi_edit'], fields: { 'tool_input.file_path': 'file_path' }, source: 'CU-L' },
    { event: 'postToolUseFailure', action: 'tool.failed', fields: { ...TOOL, error: 'error_message', is_interrupt: 'is_interrupt' }, source: 'CU-L' },
    { event: 'beforeSubmitPrompt', action: 'prompt', fields: { prompt: 'prompt' }, source: 'CU-L; CU-3P (UserPromptSubmit → beforeSubmitPrompt)' },
    // `loop_count`: the host's continuations in a row, as Cursor counts its own follow-ups.
    // `status`: a turn that ends normally (the hub has no aborted or failed Stop: those are other events).
    { event: 'stop', action: 'stop', fields: { loop_count: 'loop_count' }, defaults: { status: 'completed' }, states: { continuation: true, continuationField: { name: 'followupMessage', list: false } }, source: 'CU-L; CU-3P (Stop → stop; a Claude `decision: "block"` is a followup_message)' },
    { event: 'subagentStart', action: 'subagent.start', fields: { agent_id: 'subagent_id', agent_type: 'subagent_type' }, states: { permission: true }, source: 'CU-L (a gate)' },
    { event: 'subagentStop', action: 'subagent.stop', fields: { agent_id: 'subagent_id', agent_type: 'subagent_type', last_assistant_message: 'summary', loop_count: 'loop_count' }, defaults: { status: 'completed' }, states: { continuation: true, continuationField: { name: 'followupMessage', list: false } }, source: 'CU-L; CU-3P (SubagentStop → subagentStop)' },
    // No `source`, and matchers are ignored: a SessionStart of any source is a sessionStart (CU-L).
    { event: 'sessionStart', action: 'session.start', fields: {}, source: 'CU-L; CU-3P (SessionStart → sessionStart)' },
    { event: 'sessionEnd', action: 'session.end', fields: { reason: 'reason' }, source: 'CU-L; CU-3P (SessionEnd → sessionEnd)' },
    { event: 'preCompact', action: 'compact.before', fields: { trigger: 'trigger' }, source: 'CU-L (observe only); CU-3P (PreCompact → preCompact)' },
  ],
  values: {
    reason: [
      ['other', 'completed'],
      ['prompt_input_exit', 'user_close'],
      ['other', 'aborted'],
      ['other', 'error'],
      ['other', 'window_close'],
    ],
  },
  tools: [
    { kind: 'shell', name: 'Shell', keys: { command: 'command', timeout: 'timeout' }, source: 'CU-R1; CU-OBS; CU-3P (Bash → Shell)' },
    { kind: 'read', name: 'Read', keys: { file_path: 'file_path' }, source: 'CU-R1; CU-3P' },
    // Cursor has no Edit tool: an edit is a `Write` (CU-3P maps Claude's Edit → Write). Read back as an edit when it carries old_string.
    { kind: 'edit', name: 'Write', when: 'old_string', keys: { file_path: 'file_path', old_string: 'old_string', new_string: 'new_string' }, source: 'CU-3P (Edit → Write)', note: 'a Cursor `Write` guard sees edits as well as new files, as in Cursor' },
    { kind: 'write', name: 'Write', keys: { file_path: 'file_path', content: 'content' }, source: 'CU-R1 (keys not documented: Claude\'s); CU-3P' },
    { kind: 'delete', name: 'Delete', keys: { file_path: 'file_path' }, source: 'CU-R1' },
    { kind: 'grep', name: 'Grep', keys: { pattern: 'pattern', path: 'file_path' }, source: 'CU-R1 (observed: the scope as file_path); CU-3P' },
    { kind: 'agent', name: 'Task', keys: { prompt: 'prompt', description: 'description', subagent_type: 'subagent_type' }, source: 'CU-R1; CU-3P (Task → Task; keys UNVERIFIED)' },
    { kind: 'web_fetch', name: 'WebFetch', keys: { url: 'url', prompt: 'prompt' }, source: 'CU-3P v3 (keys UNVERIFIED)' },
    { kind: 'web_search', name: 'WebSearch', keys: { query: 'query' }, source: 'CU-3P v3 (keys UNVERIFIED)' },
  ],
};
