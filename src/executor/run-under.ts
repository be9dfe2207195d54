// One command hook run for a dispatch: it dies with the dispatch's signal or the registry's close,
// whichever comes first (one combined signal; the listeners are removed when it ends).
import type { ProfileHost } from '../profiles/profile.js';
import type { CommandHookSpec, CommandRunOptions } from './command-executor.js';
import type { CommandResult } from './result.js';

export async function runUnder(host: Pick<ProfileHost, 'executor' | 'closeSignal'>, hook: CommandHookSpec, input: unknown, options: Omit<CommandRunOptions, 'signal'>, signal: AbortSignal | undefined): Promise<CommandResult> {
  if (signal === undefined) return host.executor().run(hook, input, { ...options, signal: host.closeSignal });
  const both = new AbortController();
  const abort = (): void => both.abort();
  signal.addEventListener('abort', abort, { once: true });
  host.closeSignal.addEventListener('abort', abort, { once: true });
  if (signal.aborted || host.closeSignal.aborted) both.abort();
  try {
    return await host.executor().run(hook, input, { ...options, signal: both.signal });
  } finally {
    signal.removeEventListener('abort', abort);
    host.closeSignal.removeEventListener('abort', abort);
  }
}
