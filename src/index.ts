// The public surface, at a glance.
export { HookRegistry } from './hook-registry.js';
export type { HookRegistryOptions, HookRegistryBaseOptions, HookRegistryConstructor, HookListing, HookExplanation, RecordLine } from './registry.js';
export type { EventOf, PayloadOf, HandlerOf, ResultOf, ProfileNameOf } from './registry.js';
export type { HookWatcher } from './watch/watcher.js';
export type { WatchChange, WatchOptions } from './watch/watch-options.js';
export { HookTypeError, HookConfigError, HookClosedError } from './errors.js';
export type { HookErrorCode, HookConfigIssue } from './errors.js';
export type * from './types.js';
export { loadHooksFile, parseHooksConfig } from './config/load.js';
export { TrustStore, fingerprintHook, hookFingerprint, trustLocation, UNTRUSTED_SOURCES, MAX_PINNED_FILE_BYTES } from './config/trust.js';
export type { HookPlace, TrustRecord, TrustStatus } from './config/trust.js';
export type { AddConfigOptions, AddConfigReport, AddedHook, SkippedHook, ConfigSource } from './config/add-config.js';
export { getConfigSchemas } from './schemas/config.js';
export type { HooksConfig, MatcherGroup, HookHandlerConfig } from './schemas/config.js';
export { CommandExecutor } from './executor/index.js';
export type { CommandExecutorOptions, CommandHookSpec, CommandResult, CommandRunOptions } from './executor/index.js';
export { resolveTimeoutMs, parseCommandOutput } from './executor/index.js';

// Writing a profile: the interface, and the runs and results the built-in profiles are made of.
export type { Profile, ProfileHost, ProfileTypes, ProfileMethod, ProfileRegistry, EventView, ConfigEntryFields, ConfigOrigin, ConfiguredHook, ToolAliases } from './profiles/profile.js';
export type { ProfileName, ProfileRef, BuiltinProfiles, TypesOf } from './profiles/index.js';
export type { Entry, EntryInvoker, EntryMeta, EntryReport, ToolMatcher } from './entry.js';
export type { EntryContext } from './context.js';
export { DispatchRun } from './dispatch-run.js';
export type { SequentialRules, RunLimits } from './dispatch-run.js';
export { runParallel } from './parallel-run.js';
export type { ParallelRules, ParallelRunOptions, EntryOutcome } from './parallel-run.js';
export { makeAbortedResult, EMPTY_RESULT } from './result.js';
export { StopCap } from './stop-cap.js';
export type { StopCapRule } from './stop-cap.js';
export { trackSessionStatus, type SessionStatus, type SessionStatusChange, type SessionStatusClock, type SessionStatusOptions, type SessionStatusTracker, type StatusSource } from './session-status/track.js';

// The default profile (the ten afk events).
export { HOOK_EVENTS, EVENT_SPECS } from './profiles/default/events.js';
export type { HookEvent, EventSpec, DeadlineKind } from './profiles/default/events.js';
export type * from './profiles/default/payloads.js';
export { compileMatcher } from './profiles/default/matcher.js';
export { toCommandInput } from './profiles/default/command-input.js';
export type { CommandInput } from './profiles/default/command-input.js';
export type { DefaultProfileTypes } from './profiles/default/profile.js';

// The codex profile (Codex CLI's hooks).
export { CODEX_HOOK_EVENTS, CODEX_EVENT_SPECS } from './profiles/codex/events.js';
export type { CodexHookEvent, CodexEventSpec, CodexOutputKind } from './profiles/codex/events.js';
export type { CodexHookPayloads, CodexHookInput, CodexHookOutput, CodexCommonFields, CodexPermissionMode } from './profiles/codex/payloads.js';
export type { CodexDispatchResult } from './profiles/codex/merge.js';
export type { CodexProfileTypes, CodexRegistryMethods, CodexHookHandler, CodexDispatchPayload, CodexTurnComplete } from './profiles/codex/profile.js';
export type { CodexProfileOptions } from './profiles/codex/state.js';
export type { LoadCodexSettingsOptions } from './profiles/codex/settings.js';
export { codexTrustedHash, codexHookKey } from './profiles/codex/trust.js';
export type { CodexHookState } from './profiles/codex/trust.js';

// The gemini profile (Gemini CLI's hooks).
export { GEMINI_HOOK_EVENTS, GEMINI_EVENT_SPECS } from './profiles/gemini/events.js';
export type { GeminiHookEvent, GeminiEventSpec, GeminiMerge } from './profiles/gemini/events.js';
export type { GeminiDispatchResult } from './profiles/gemini/merge.js';
export type { GeminiProfileTypes, GeminiRegistryMethods, GeminiHookHandler, GeminiHookInput, GeminiHookOutput, GeminiDispatchPayload, GeminiCommonFields } from './profiles/gemini/profile.js';
export type { LoadGeminiSettingsOptions } from './profiles/gemini/settings.js';

// The copilot profile (GitHub Copilot CLI's hooks).
export { COPILOT_HOOK_EVENTS, COPILOT_EVENT_SPECS } from './profiles/copilot/events.js';
export type { CopilotHookEvent, CopilotEventSpec } from './profiles/copilot/events.js';
export type { CopilotDispatchResult } from './profiles/copilot/merge.js';
export type { CopilotModelText } from './profiles/copilot/model-text.js';
export type { CopilotProfileTypes, CopilotRegistryMethods, CopilotHookHandler, CopilotDispatchPayload, CopilotProfileOptions } from './profiles/copilot/profile.js';
export type { CopilotHookInput, CopilotHookOutput, CopilotHookPayloads, CopilotCommonFields } from './profiles/copilot/payloads.js';
export type { LoadCopilotSettingsOptions } from './profiles/copilot/settings.js';

// The cursor profile (Cursor's agent hooks).
export { CURSOR_HOOK_EVENTS, CURSOR_EVENT_SPECS } from './profiles/cursor/events.js';
export type { CursorHookEvent, CursorEventSpec } from './profiles/cursor/events.js';
export type { CursorDispatchResult } from './profiles/cursor/merge.js';
export type { CursorProfileTypes, CursorRegistryMethods, CursorHookHandler, CursorDispatchPayload } from './profiles/cursor/profile.js';
export type { CursorProfileOptions } from './profiles/cursor/state.js';
export type { CursorHookInput, CursorHookPayloads, CursorCommonFields } from './profiles/cursor/payloads.js';
export type { LoadCursorSettingsOptions } from './profiles/cursor/settings.js';

// The claude profile (Claude Code's hooks).
export { CLAUDE_HOOK_EVENTS, CLAUDE_EVENT_SPECS } from './profiles/claude/events.js';
export type { ClaudeHookEvent, ClaudeEventSpec, ClaudeExit2Behavior } from './profiles/claude/events.js';
export type * from './profiles/claude/payloads.js';
export type { ClaudeDispatchResult, PermissionDecision, PermissionRequestDecision } from './profiles/claude/merge.js';
export type { ClaudeModelText } from './profiles/claude/model-text.js';
export type { ClaudeProfileTypes, ClaudeRegistryMethods, ClaudeHookHandler, ClaudeDispatchPayload } from './profiles/claude/profile.js';
export type { ClaudeProfileOptions } from './profiles/claude/options.js';
export { loadClaudeSettings } from './profiles/claude/settings.js';
export type { LoadClaudeSettingsOptions } from './profiles/claude/settings.js';
export type { HookAdapters, PromptHookRequest, PromptHookResponse, McpToolRequest, McpToolResponse, AsyncHookResult } from './profiles/claude/adapters.js';
export type { SdkHooks, SdkHooksOfAnyVersion, SdkHookCallback, SdkHookCallbackMatcher, SdkHookInput, SdkHookJSONOutput, SdkBaseHookInput, SdkAsyncHookJSONOutput } from './profiles/claude/sdk.js';
