// What Copilot CLI 1.0.102 tells the model of a dispatch's hook output, in the binary's own words (recorded:
// fixtures/copilot/oracle/, FINDINGS.md), so a harness that wants Copilot's behaviour does not guess it:
// `result.modelText`, the same shape as the claude profile's.
import { isAbsolute, relative } from 'node:path';

/** What the model gets from a copilot dispatch's hooks. */
export interface CopilotModelText {
  /**
   * In the tool result's place, when hooks replaced it: a preToolUse deny (`Denied by preToolUse hook: <reason>`,
   * `Denied by preToolUse hook (hook errored)`), an ask Copilot cannot put to a user (`-p`: `Denied by
   * preToolUse hook (unable to ask user for confirmation): <reason>`), a postToolUse block (`Tool result
   * blocked: <reason>`) or its `modifiedResult` (the text, `isError` unless its resultType is "success"), a
   * permissionRequest deny (`Permission denied by a PermissionRequest hook: <message>`).
   */
  toolResult?: { isError: boolean; text: string };
  /**
   * Text for the conversation, by event, where Copilot puts it: preToolUse context, a user message after the
   * tool result (`Additional context from preToolUse hook:\n<context>`); postToolUse context, appended to the
   * tool result (`\n\nTool "<name>" succeeded. Additional guidance from postToolUse hooks:\n<contexts>`);
   * userPromptSubmitted context, appended to the prompt (`\n\n<system_reminder>\n<context>\n</system_reminder>`);
   * sessionStart context, a user message before the first prompt; agentStop's block, the next prompt (its reason);
   * postToolUseFailure context, a user message after the tool's error (`Tool "<name>" failed. Additional
   * guidance from postToolUseFailure hooks:\n<contexts>`).
   */
  blocks: string[];
}

/** The texts, each as the binary words it (oracle case in brackets). */
export const COPILOT_TEXT = Object.freeze({
  /** [02 camel-deny, camel-deny-no-reason: "No reason provided"] */
  deny: (reason: string): string => `Denied by preToolUse hook: ${reason}`,
  /** [03 pre-exit1, pre-sigkill, pre-missing-command; 10: how the file is named, hookFileLabel] */
  errored: (from: string | undefined): string => (from === undefined ? 'Denied by preToolUse hook (hook errored)' : `Denied by preToolUse hook from "${from}" (hook errored)`),
  /** [02 camel-ask, pascal-hso-ask] */
  askUnavailable: (reason: string): string => `Denied by preToolUse hook (unable to ask user for confirmation): ${reason}`,
  /** [02 camel-additionalContext, 04 two-contexts] */
  preToolContext: (context: string): string => `Additional context from preToolUse hook:\n${context}`,
  /** [06 post-block, post-pascal-block] */
  postBlocked: (reason: string): string => `Tool result blocked: ${reason}`,
  /** [06 post-context, 09 post-modifiedResult-and-context] appended to the (maybe modified) result. */
  postContext: (tool: string, contexts: string): string => `\n\nTool "${tool}" succeeded. Additional guidance from postToolUse hooks:\n${contexts}`,
  /** [09 perm-camel-deny, perm-camel-exit2: "Permission denied by hook."] */
  permissionDenied: (message: string): string => `Permission denied by a PermissionRequest hook: ${message}`,
  /** [09 view-tool-failure] a user message after the tool's error. */
  failureContext: (tool: string, contexts: string): string => `Tool "${tool}" failed. Additional guidance from postToolUseFailure hooks:\n${contexts}`,
  /** [07 prompt-context] */
  promptContext: (context: string): string => `\n\n<system_reminder>\n${context}\n</system_reminder>`,
});

/**
 * A hooks file as the binary names it to the model (oracle 10): a repository file by its path from the
 * project (`.github/hooks/hooks.json`), the repository's settings file as "repo settings", the user's
 * settings.json as "global settings", any other file by its absolute path (.claude/settings.json is "repo
 * settings" too). UNCERTAIN: the two settings.local.json (not recorded), a custom COPILOT_HOME's settings.json.
 */
export function hookFileLabel(file: string | undefined, projectDir: string): string | undefined {
  if (file === undefined) return undefined;
  const rel = relative(projectDir, file);
  const inRepo = rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
  if (inRepo) return /^(\.github[\\/]copilot|\.claude)[\\/]settings(\.local)?\.json$/.test(rel) ? 'repo settings' : rel;
  return /[\\/]\.copilot[\\/]settings\.json$/.test(file) ? 'global settings' : file;
}
