// What the harness profiles (codex, gemini, copilot, cursor) import from outside their own folders, as
// one module: the package's ES build (tsup.config.ts) points those imports here, so the code they share
// with the package's entry lands in one chunk, not one chunk per combination of importers (the entry then
// loads two or three files instead of eleven: that cost as much as loading the profiles). A module one of
// them starts to import that is not listed here fails the build ("No matching export").
export * from '../config/add-config.js';
export * from '../config/paths.js';
export * from '../config/read-config-object.js';
export * from '../config/read-file.js';
export * from '../config/trust.js';
export * from '../dedup.js';
export * from '../dispatch-run.js';
export * from '../entry.js';
export * from '../errors.js';
export * from '../executor/exit-code.js';
export * from '../executor/index.js';
export * from '../executor/run-under.js';
export * from '../hook-env.js';
export * from '../http/url-text.js';
export * from '../json-value.js';
export * from '../node-builtins.js';
export * from '../parallel-run.js';
export * from '../plain-object.js';
export * from '../regex-guard.js';
export * from '../required-fields.js';
export * from '../schemas/config.js';
export * from '../stop-cap.js';
export * from '../terminal-text.js';
export * from '../lazy.js';
export * from './claude/placeholders.js';
export * from './loaded.js';
export * from './codex/events.js';
export * from './codex/trust.js';
export * from './gemini/events.js';
export * from './copilot/events.js';
export * from './cursor/events.js';
