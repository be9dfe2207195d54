// The command-hook executor's public surface.
export { CommandExecutor } from './command-executor.js';
export type { CommandHookSpec, CommandExecutorOptions, CommandRunOptions } from './command-executor.js';
export type { CommandResult } from './result.js';
export { resolveTimeoutMs } from './timeout.js';
export { parseCommandOutput } from './exit-code.js';
