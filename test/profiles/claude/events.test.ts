import { describe, expect, it } from 'vitest';
import {
  CLAUDE_EVENT_SPECS,
  CLAUDE_HOOK_EVENTS,
  getClaudeEventSpec,
  type ClaudeEventSpec,
  type ClaudeHookEvent,
} from '../../../src/profiles/claude/events.js';

const specs = CLAUDE_HOOK_EVENTS.map((event) => CLAUDE_EVENT_SPECS[event] as ClaudeEventSpec);
const eventsWhere = (predicate: (spec: ClaudeEventSpec) => boolean): ClaudeHookEvent[] =>
  specs.filter(predicate).map((spec) => spec.name);

describe('claude event catalogue', () => {
  it('lists the 33 events once each, in the seed’s order', () => {
    expect(CLAUDE_HOOK_EVENTS).toHaveLength(33);
    expect(new Set(CLAUDE_HOOK_EVENTS).size).toBe(33);
    expect(CLAUDE_HOOK_EVENTS.slice(0, 4)).toEqual(['PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'PostToolBatch']);
    expect(CLAUDE_HOOK_EVENTS.at(-1)).toBe('MessageDisplay');
  });

  it('has one spec per event, keyed by its own name', () => {
    expect(Object.keys(CLAUDE_EVENT_SPECS)).toEqual([...CLAUDE_HOOK_EVENTS]);
    for (const [key, spec] of Object.entries(CLAUDE_EVENT_SPECS)) expect(spec.name).toBe(key);
  });

  it('is frozen, down to the field lists', () => {
    expect(Object.isFrozen(CLAUDE_EVENT_SPECS)).toBe(true);
    for (const spec of specs) {
      expect(Object.isFrozen(spec)).toBe(true);
      expect(Object.isFrozen(spec.required)).toBe(true);
      expect(Object.isFrozen(spec.outputFields)).toBe(true);
    }
  });

  it('names the field each event’s matcher tests', () => {
    const matchFields = Object.fromEntries(specs.map((spec) => [spec.name, spec.matchField]));
    expect(matchFields).toEqual({
      PreToolUse: 'tool_name',
      PostToolUse: 'tool_name',
      PostToolUseFailure: 'tool_name',
      PostToolBatch: null,
      Notification: 'notification_type',
      UserPromptSubmit: null,
      UserPromptExpansion: 'command_name',
      SessionStart: 'source',
      SessionEnd: 'reason',
      Stop: null,
      StopFailure: 'error',
      SubagentStart: 'agent_type',
      SubagentStop: 'agent_type',
      PreCompact: 'trigger',
      PostCompact: 'trigger',
      PreModelSwitch: 'to_model',
      PostModelSwitch: 'to_model',
      PermissionRequest: 'tool_name',
      PermissionDenied: 'tool_name',
      Setup: 'trigger',
      TeammateIdle: null,
      TaskCreated: null,
      TaskCompleted: null,
      Elicitation: 'mcp_server_name',
      ElicitationResult: 'mcp_server_name',
      ConfigChange: 'source',
      WorktreeCreate: null,
      WorktreeRemove: null,
      InstructionsLoaded: 'load_reason',
      CwdChanged: null,
      FileChanged: 'file_path',
      DirectoryAdded: 'source',
      MessageDisplay: null,
    });
  });

  it('matches FileChanged, and only FileChanged, on a basename', () => {
    expect(eventsWhere((spec) => spec.matchBasename)).toEqual(['FileChanged']);
  });

  it('gives each event the exit-code-2 behaviour of the seed’s table', () => {
    expect(eventsWhere((spec) => spec.exit2 === 'block')).toEqual([
      'PreToolUse',
      'PostToolBatch',
      'UserPromptSubmit',
      'UserPromptExpansion',
      'Stop',
      'SubagentStop',
      'PreCompact',
      'PreModelSwitch',
      'TeammateIdle',
      'TaskCreated',
      'TaskCompleted',
      'Elicitation',
      'ConfigChange',
    ]);
    expect(eventsWhere((spec) => spec.exit2 === 'feedback')).toEqual(['PostToolUse', 'PostToolUseFailure']);
    expect(eventsWhere((spec) => spec.exit2 === 'decline')).toEqual(['ElicitationResult']);
    // DirectoryAdded: stderr is only debug-logged, never shown to the user (see events.ts).
    expect(eventsWhere((spec) => spec.exit2 === 'ignore')).toEqual(['Notification', 'SessionEnd', 'StopFailure', 'DirectoryAdded']);
    expect(eventsWhere((spec) => spec.exit2 === 'user')).toEqual([
      'SessionStart',
      'SubagentStart',
      'PostCompact',
      'PostModelSwitch',
      'PermissionRequest',
      'PermissionDenied',
      'Setup',
      'WorktreeCreate',
      'WorktreeRemove',
      'InstructionsLoaded',
      'CwdChanged',
      'FileChanged',
      'MessageDisplay',
    ]);
  });

  it('turns plain-text stdout into context only on UserPromptSubmit, UserPromptExpansion, SessionStart and PostModelSwitch', () => {
    expect(eventsWhere((spec) => spec.plainTextContext)).toEqual(['UserPromptSubmit', 'UserPromptExpansion', 'SessionStart', 'PostModelSwitch']);
    // PostModelSwitch: as additional context (fixtures/claude/oracle/docs-rules/postmodelswitch-*).
    expect(eventsWhere((spec) => spec.plainTextAsAdditionalContext === true)).toEqual(['PostModelSwitch']);
  });

  it('reads matchers with the narrower exact-match set on FileChanged and StopFailure only', () => {
    expect(eventsWhere((spec) => spec.narrowMatchers === true)).toEqual(['StopFailure', 'FileChanged']);
  });

  it('reads a command’s stdout as the worktree path on WorktreeCreate only', () => {
    expect(eventsWhere((spec) => spec.stdoutField !== undefined)).toEqual(['WorktreeCreate']);
    expect(CLAUDE_EVENT_SPECS.WorktreeCreate.stdoutField).toBe('worktreePath');
  });

  it('evaluates `if` conditions only on the tool events', () => {
    expect(eventsWhere((spec) => spec.ifConditions)).toEqual([
      'PreToolUse',
      'PostToolUse',
      'PostToolUseFailure',
      'PermissionRequest',
      'PermissionDenied',
    ]);
  });

  it('refuses HTTP hooks on SessionStart and Setup only', () => {
    expect(eventsWhere((spec) => !spec.httpAllowed)).toEqual(['SessionStart', 'Setup']);
  });

  it('refuses prompt and agent hooks on SessionStart and Setup only', () => {
    expect(eventsWhere((spec) => !spec.promptHooksAllowed)).toEqual(['SessionStart', 'Setup']);
  });

  it('provides CLAUDE_ENV_FILE on SessionStart, Setup, CwdChanged and FileChanged', () => {
    expect(eventsWhere((spec) => spec.envFile)).toEqual(['SessionStart', 'Setup', 'CwdChanged', 'FileChanged']);
  });

  it('defaults to a 600 s timeout except where the docs say otherwise', () => {
    expect(CLAUDE_EVENT_SPECS.UserPromptSubmit.defaultTimeoutSec).toBe(30);
    expect(CLAUDE_EVENT_SPECS.SessionEnd.defaultTimeoutSec).toBe(1.5);
    expect(CLAUDE_EVENT_SPECS.MessageDisplay.defaultTimeoutSec).toBe(10);
    expect(eventsWhere((spec) => spec.defaultTimeoutSec !== 600)).toEqual(['UserPromptSubmit', 'SessionEnd', 'PreModelSwitch', 'PostModelSwitch', 'MessageDisplay']);
  });

  it('says per event whether decisions count (blocks) and whether continue: false stops the agent (stops)', () => {
    expect(eventsWhere((spec) => !spec.blocks)).toEqual(
      expect.arrayContaining(['SessionStart', 'SubagentStart', 'Notification', 'SessionEnd', 'StopFailure', 'Setup', 'InstructionsLoaded', 'CwdChanged', 'FileChanged']),
    );
    expect(eventsWhere((spec) => spec.blocks)).toEqual(expect.arrayContaining(['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'SubagentStop', 'PermissionRequest', 'ConfigChange']));
    expect(eventsWhere((spec) => spec.stops !== spec.blocks)).toEqual([]);
    expect(CLAUDE_EVENT_SPECS.ConfigChange.decisionsIgnoredWhen).toEqual(['source', 'policy_settings']);
  });

  it('lists the required input fields and hookSpecificOutput fields of the seed', () => {
    expect(CLAUDE_EVENT_SPECS.PreToolUse.required).toEqual(['tool_name', 'tool_input', 'tool_use_id']);
    expect(CLAUDE_EVENT_SPECS.PreToolUse.outputFields).toEqual([
      'permissionDecision',
      'permissionDecisionReason',
      'updatedInput',
      'additionalContext',
    ]);
    expect(CLAUDE_EVENT_SPECS.SubagentStart.required).toEqual([]);
    expect(CLAUDE_EVENT_SPECS.PermissionRequest.outputFields).toEqual(['decision']);
    expect(CLAUDE_EVENT_SPECS.SessionEnd.outputFields).toEqual([]);
  });

  it('keeps common input fields out of `required`', () => {
    const common = ['session_id', 'transcript_path', 'cwd', 'hook_event_name', 'permission_mode', 'agent_id', 'agent_type', 'effort', 'prompt_id'];
    for (const spec of specs) for (const field of common) expect(spec.required).not.toContain(field);
  });

  it('looks up specs by own event name only', () => {
    expect(getClaudeEventSpec('FileChanged')).toBe(CLAUDE_EVENT_SPECS.FileChanged);
    expect(getClaudeEventSpec('toString')).toBeUndefined();
    expect(getClaudeEventSpec('__proto__')).toBeUndefined();
    expect(getClaudeEventSpec('pretooluse')).toBeUndefined();
    expect(getClaudeEventSpec(42)).toBeUndefined();
    expect(getClaudeEventSpec(undefined)).toBeUndefined();
  });
});
