// Copilot CLI's translation table (src/dialects/table.ts), for its camelCase events (the PascalCase ones a
// Copilot file may also list register on these: events.ts). Sources: CP = github/docs
// content/copilot/reference/hooks-reference.md; CP-ARGS = microsoft/vscode-copilot-chat copilotCLITools.ts
// (the runtime tools' argument types); CP-OBS = captures of real runs (git-ai PR #1598, impeccable PR #279:
// apply_patch's input is the patch text); CP-BIN = fixtures/copilot/oracle/ (the 1.0.102 binary).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'toolName', tool_input: 'toolArgs' } as const;

export const copilotDialect: DialectTable = {
  profile: 'copilot',
  mcp: 'claude',
  // `onFailure: "block"` (CP) makes a failing hook a deny: carried to the bridge, or a crashing guard would let the call through.
  hookConfig: { shape: 'flat', command: 'bash', timeout: 'timeoutSec', unit: 's', defaultTimeout: 30, projectFile: '.github/hooks/harness-hooks.json', carried: ['onFailure'] },
  common: { session_id: 'sessionId', cwd: 'cwd' },
  events: [
    { event: 'preToolUse', action: 'tool.before', fields: TOOL, states: { permission: true, ask: true, rewrite: true }, source: 'CP; CP-BIN' },
    { event: 'postToolUse', action: 'tool.after', fields: { ...TOOL, tool_response: 'toolResult.textResultForLlm' }, defaults: { 'toolResult.resultType': 'success' }, source: 'CP' },
    { event: 'postToolUseFailure', action: 'tool.failed', fields: { ...TOOL, error: 'error' }, source: 'CP' },
    { event: 'permissionRequest', action: 'tool.permission', fields: { tool_name: 'toolName', tool_input: 'toolInput' }, states: { permission: true }, source: 'CP' },
    { event: 'userPromptSubmitted', action: 'prompt', fields: { prompt: 'prompt' }, source: 'CP; CP-BIN' },
    { event: 'agentStop', action: 'stop', fields: { stop_hook_active: 'stop_hook_active', transcript_path: 'transcriptPath' }, defaults: { stopReason: 'end_turn' }, states: { continuation: true }, source: 'CP (`block` keeps the agent going with the reason)' },
    { event: 'subagentStart', action: 'subagent.start', fields: { agent_type: 'agentName' }, source: 'CP' },
    { event: 'subagentStop', action: 'subagent.stop', fields: { agent_id: 'agentId', agent_type: 'agentType', last_assistant_message: 'response' }, states: { continuation: true }, source: 'CP' },
    { event: 'sessionStart', action: 'session.start', fields: { source: 'source' }, source: 'CP (startup|resume|new)' },
    { event: 'sessionEnd', action: 'session.end', fields: { reason: 'reason' }, source: 'CP' },
    { event: 'preCompact', action: 'compact.before', fields: { trigger: 'trigger', custom_instructions: 'customInstructions', transcript_path: 'transcriptPath' }, source: 'CP (observe only)' },
    { event: 'notification', action: 'notification', fields: { message: 'message', title: 'title', notification_type: 'notification_type' }, source: 'CP' },
  ],
  values: {
    source: [
      ['startup', 'startup'],
      ['resume', 'resume'],
      ['clear', 'new'],
    ],
    reason: [
      ['other', 'complete'],
      ['prompt_input_exit', 'user_exit'],
      ['other', 'error'],
      ['other', 'abort'],
      ['other', 'timeout'],
    ],
  },
  tools: [
    { kind: 'shell', name: 'bash', keys: { command: 'command', description: 'description' }, source: 'CP-ARGS; CP (bash, powershell → Bash)' },
    { kind: 'shell', name: 'powershell', alias: true, keys: { command: 'command', description: 'description' }, source: 'CP-ARGS' },
    { kind: 'read', name: 'view', keys: { file_path: 'path' }, source: 'CP-ARGS; CP (view → Read)' },
    { kind: 'write', name: 'create', keys: { file_path: 'path', content: 'file_text' }, source: 'CP-ARGS; CP (create → Write)' },
    { kind: 'edit', name: 'edit', keys: { file_path: 'path', old_string: 'old_str', new_string: 'new_str' }, source: 'CP-ARGS; CP (edit, str_replace_editor, apply_patch → Edit)' },
    { kind: 'edit', name: 'str_replace', alias: true, keys: { file_path: 'path', old_string: 'old_str', new_string: 'new_str' }, source: 'CP-ARGS' },
    { kind: 'edit', name: 'str_replace_editor', alias: true, keys: { file_path: 'path', old_string: 'old_str', new_string: 'new_str' }, source: 'CP-ARGS' },
    // The input is the patch text itself, not an object (CP-OBS; the binary, CP-BIN).
    { kind: 'patch', name: 'apply_patch', codec: 'patch-string', source: 'CP-OBS; CP-BIN' },
    { kind: 'grep', name: 'grep', keys: { pattern: 'pattern', path: 'path', glob: 'glob', output_mode: 'output_mode', '-i': '-i', multiline: 'multiline' }, source: 'CP-ARGS; CP (grep, rg → Grep)' },
    { kind: 'grep', name: 'rg', alias: true, keys: { pattern: 'pattern', path: 'path', glob: 'glob', output_mode: 'output_mode', '-i': '-i', multiline: 'multiline' }, source: 'CP-ARGS' },
    { kind: 'glob', name: 'glob', keys: { pattern: 'pattern', path: 'path' }, source: 'CP-ARGS; CP (glob → Glob)' },
    { kind: 'web_fetch', name: 'web_fetch', keys: { url: 'url' }, source: 'CP-ARGS; CP (web_fetch → WebFetch)' },
    { kind: 'web_search', name: 'web_search', keys: { query: 'query' }, source: 'CP (web_search → WebSearch; keys UNVERIFIED)' },
    { kind: 'agent', name: 'task', keys: { prompt: 'prompt', description: 'description', subagent_type: 'agent_type' }, source: 'CP (task → Agent; keys UNVERIFIED)' },
    { kind: 'todo', name: 'update_todo', keys: { todos: 'todos' }, source: 'CP (update_todo → TodoWrite)' },
    { kind: 'ask_user', name: 'ask_user', keys: { questions: 'questions' }, source: 'CP (ask_user → AskUserQuestion)' },
  ],
};
