// The http hook runner's public surface (the claude profile calls it for `type: "http"` handlers).
export { runHttpHook, interpolateHeaders, matchesUrlPattern, DEFAULT_MAX_BODY_BYTES } from './http-hook.js';
export type { HttpHookSpec, HttpHookOptions, HttpHookResult, HttpHookOutcome } from './http-hook.js';
export { isPublicAddress, getNonPublicRange } from './address.js';
