// The text Claude Code 2.1.328 hands the model for a dispatch's hook output, exactly as observed
// (issue 10 rule 17; fixtures/claude/oracle/conformance/17-*, 03-*, 11-*), so a harness that wants the same
// behaviour does not have to guess it: `result.modelText`.

/** What the model gets from a claude dispatch's hooks. */
export interface ClaudeModelText {
  /**
   * Instead of the tool's output, when the call does not run: PreToolUse denied (`PreToolUse:Bash hook
   * error: …`), asked and refused (the bare reason), or PermissionRequest denied (the bare message).
   */
  toolResult?: { isError: true; text: string };
  /**
   * Text blocks for the conversation, in Claude Code's order: `<system-reminder>` blocks with hook
   * context (after the tool result on tool events, in the prompt's message on SessionStart and
   * UserPromptSubmit), PostToolUse blocking errors, and Stop's continuation ("Stop hook feedback:").
   */
  blocks: string[];
}

/** One hook's blocking error: `json` when it came from JSON output, else from an exit 2 (`[command]: stderr`). */
export interface Blocker {
  command: string;
  text: string;
  json: boolean;
}

export interface ModelTextParts {
  event: string;
  /** The event's tool events carry `Event:Tool` labels. */
  toolEvent: boolean;
  input: Readonly<Record<string, unknown>> | undefined;
  plain: readonly string[];
  json: readonly string[];
  blockers: readonly Blocker[];
  blocked: boolean;
  permission: string | undefined;
  permissionReason: string | undefined;
  requestDenyMessage: string | undefined;
}

const reminder = (text: string): string => `<system-reminder>\n${text}\n</system-reminder>`;

export function buildModelText(p: ModelTextParts): ClaudeModelText | undefined {
  const { event, input } = p;
  const tool = p.toolEvent && typeof input?.tool_name === 'string' ? input.tool_name : undefined;
  const label = tool === undefined ? event : `${event}:${tool}`;
  const blocks: string[] = [];
  // Plain stdout (SessionStart, UserPromptSubmit, UserPromptExpansion): one "hook success" block per hook.
  const plainLabel = event === 'SessionStart' && typeof input?.source === 'string' ? `${event}:${input.source}` : label;
  for (const text of p.plain) blocks.push(reminder(`${plainLabel} hook success: ${text}`));
  // JSON additionalContext: one block per hook on tool events, one joined block elsewhere.
  if (p.json.length > 0) {
    if (tool !== undefined) for (const text of p.json) blocks.push(reminder(`${label} hook additional context: ${text}`));
    else blocks.push(reminder(`${label} hook additional context: ${p.json.join('\n')}`));
  }
  let toolResult: ClaudeModelText['toolResult'];
  if (event === 'Stop' || event === 'SubagentStop') {
    for (const b of p.blockers) {
      if (b.json) blocks.push(`${reminder(`${event} hook blocking error from command: "${b.command}": ${b.text}`)}\n`);
      blocks.push(`${event} hook feedback:\n${b.text}`);
    }
  } else if (event === 'PostToolUse' || event === 'PostToolUseFailure') {
    for (const b of p.blockers) blocks.push(reminder(`${label} hook blocking error from command: "${b.command}": ${b.text}`));
  } else if (event === 'PreToolUse') {
    if (p.permission === 'deny' && p.blockers.length > 0) toolResult = { isError: true, text: `${label} hook error: ${p.blockers[0]!.text}` };
    else if (p.permission === 'ask' && !p.blocked) toolResult = { isError: true, text: p.permissionReason ?? '' };
  } else if (event === 'PermissionRequest' && p.permission === 'deny') {
    toolResult = { isError: true, text: p.requestDenyMessage ?? '' };
  }
  if (toolResult === undefined && blocks.length === 0) return undefined;
  return toolResult === undefined ? { blocks } : { toolResult, blocks };
}
