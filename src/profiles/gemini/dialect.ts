// Gemini CLI's translation table (src/dialects/table.ts). Sources: GM-L = this folder's events.ts and
// fixtures/gemini/engine/FINDINGS.md (Gemini CLI 0.61.0's engine, recorded); GM-T =
// google-gemini/gemini-cli@5411f11 packages/core/src/tools/definitions/base-declarations.ts, tool-names.ts,
// agents/agent-tool.ts, tools/mcp-tool.ts; GM = the same commit's `hooks migrate --from-claude`
// (packages/cli/src/commands/hooks/migrate.ts), Gemini's own import map, which these rows correct where it
// is wrong (noted on the row).
import type { DialectTable } from '../../dialects/table.js';

const TOOL = { tool_name: 'tool_name', tool_input: 'tool_input' } as const;

export const geminiDialect: DialectTable = {
  profile: 'gemini',
  mcp: 'gemini',
  // Gemini replaces these in a hook's command as text, shell-quoted, inside quotes too (hookRunner.js
  // expandCommand; GM-E FINDINGS.md 38).
  hookConfig: { shape: 'grouped', command: 'command', timeout: 'timeout', unit: 'ms', defaultTimeout: 60000, projectFile: '.gemini/settings.json', replaced: ['GEMINI_PROJECT_DIR', 'GEMINI_CWD', 'GEMINI_PLANS_DIR', 'GEMINI_SESSION_ID', 'CLAUDE_PROJECT_DIR'] },
  common: { session_id: 'session_id', transcript_path: 'transcript_path', cwd: 'cwd' },
  events: [
    { event: 'BeforeTool', action: 'tool.before', fields: TOOL, states: { permission: true, ask: true, rewrite: true }, source: 'GM-L; GM (PreToolUse → BeforeTool)' },
    { event: 'AfterTool', action: 'tool.after', fields: { ...TOOL, tool_response: 'tool_response' }, defaults: { tool_response: {} }, source: 'GM-L; GM (PostToolUse → AfterTool)' },
    // Gemini has no failure event: AfterTool fires after failures too, with `tool_response.error` (GM-L).
    { event: 'AfterTool', action: 'tool.failed', writeOnly: true, fields: { ...TOOL, error: 'tool_response.error' }, source: 'GM-L (AfterTool after a failure)' },
    { event: 'BeforeAgent', action: 'prompt', fields: { prompt: 'prompt' }, source: 'GM-L; GM (UserPromptSubmit → BeforeAgent)' },
    // AfterAgent reads the turn's prompt, which the host said at the prompt (the session remembers it).
    {
      event: 'AfterAgent',
      action: 'stop',
      fields: { prompt: 'prompt', last_assistant_message: 'prompt_response', stop_hook_active: 'stop_hook_active' },
      defaults: { prompt: '', prompt_response: '' },
      states: { continuation: true },
      source: 'GM-L (a deny asks the agent to retry); GM (Stop → AfterAgent)',
      note: "GM also sends `SubAgentStop` to AfterAgent, under a misspelt key no real config has: Gemini has no subagents, so SubagentStop does not map",
    },
    { event: 'SessionStart', action: 'session.start', fields: { source: 'source' }, exact: ['source'], defaults: { source: 'startup' }, source: 'GM-L (startup|resume|clear; matched as exact strings)' },
    { event: 'SessionEnd', action: 'session.end', fields: { reason: 'reason' }, defaults: { reason: 'other' }, source: 'GM-L' },
    { event: 'PreCompress', action: 'compact.before', fields: { trigger: 'trigger' }, defaults: { trigger: 'auto' }, source: 'GM-L (observe only); GM (PreCompact → PreCompress)' },
    { event: 'Notification', action: 'notification', fields: { notification_type: 'notification_type', message: 'message' }, exact: ['notification_type'], source: 'GM-L (ToolPermission only)' },
  ],
  values: {
    reason: [
      ['other', 'other'],
      ['clear', 'clear'],
      ['logout', 'logout'],
      ['prompt_input_exit', 'prompt_input_exit'],
      ['other', 'exit'],
    ],
    notification_type: [['permission_prompt', 'ToolPermission']],
    // SessionStart fires only for these (GM-L): a compaction or fork is not one in Gemini.
    source: [
      ['startup', 'startup'],
      ['resume', 'resume'],
      ['clear', 'clear'],
    ],
  },
  tools: [
    { kind: 'shell', name: 'run_shell_command', keys: { command: 'command', description: 'description' }, source: 'GM-T; GM (Bash → run_shell_command)' },
    { kind: 'read', name: 'read_file', keys: { file_path: 'file_path' }, source: 'GM-T (start_line/end_line are not offset/limit: not sent); GM (Read → read_file)' },
    { kind: 'write', name: 'write_file', keys: { file_path: 'file_path', content: 'content' }, source: 'GM-T; GM (Write → write_file)' },
    { kind: 'edit', name: 'replace', keys: { file_path: 'file_path', old_string: 'old_string', new_string: 'new_string', replace_all: 'allow_multiple' }, source: 'GM-T; GM (Edit → replace)' },
    { kind: 'glob', name: 'glob', keys: { pattern: 'pattern', path: 'dir_path' }, source: 'GM-T; GM (Glob → glob)' },
    { kind: 'grep', name: 'grep_search', keys: { pattern: 'pattern', path: 'dir_path', glob: 'include_pattern' }, source: 'GM-T', note: 'GM maps Grep → `grep`, a name no Gemini tool has (it matches only because Gemini regexes are unanchored)' },
    { kind: 'grep', name: 'search_file_content', alias: true, keys: { pattern: 'pattern', path: 'dir_path', glob: 'include_pattern' }, source: 'GM-T (legacy name)' },
    { kind: 'ls', name: 'list_directory', keys: { path: 'dir_path' }, source: 'GM-T', note: 'GM maps LS → `ls`, which matches no Gemini tool' },
    // No `url` key: the URLs ride in the prompt (GM-T). The hub's url is put in front of its prompt.
    { kind: 'web_fetch', name: 'web_fetch', keys: { prompt: 'prompt' }, codec: 'url-in-prompt', source: 'GM-T' },
    { kind: 'web_search', name: 'google_web_search', keys: { query: 'query' }, source: 'GM-T' },
    { kind: 'agent', name: 'invoke_agent', keys: { subagent_type: 'agent_name', prompt: 'prompt' }, source: 'GM-T agents/agent-tool.ts' },
    { kind: 'todo', name: 'write_todos', keys: { todos: 'todos' }, source: 'GM-T' },
    { kind: 'ask_user', name: 'ask_user', keys: { questions: 'questions' }, source: 'GM-T' },
  ],
};
