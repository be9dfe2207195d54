export { HOOK_EVENTS, EVENT_SPECS } from './events.js';
export type { HookEvent, EventSpec, DeadlineKind } from './events.js';
export { HookRegistry } from './registry.js';
export type { HookRegistryOptions } from './registry.js';
export { HookTypeError, HookConfigError } from './errors.js';
export type { HookErrorCode, HookConfigIssue } from './errors.js';
export { compileMatcher } from './matcher.js';
export type { ToolMatcher, ToolAliases } from './matcher.js';
export type * from './types.js';
