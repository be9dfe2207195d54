// Observers: a harness's spinner and telemetry hear about each entry as it starts and ends. An observer
// that throws is logged and never disturbs the dispatch.
import type { Entry } from './entry.js';
import type { HookEndInfo, HookLogger, HookObservers, HookRun, HookStartInfo } from './types.js';

export function notifyStart(observers: HookObservers, event: string, entry: Entry, logger: HookLogger): void {
  if (observers.onHookStart === undefined) return;
  const info: HookStartInfo = { event, name: entry.name, kind: entry.kind };
  if (entry.statusMessage !== undefined) info.statusMessage = entry.statusMessage;
  call(() => observers.onHookStart!(info), 'onHookStart', logger);
}

export function notifyEnd(observers: HookObservers, event: string, entry: Entry, run: HookRun, logger: HookLogger): void {
  if (observers.onHookEnd === undefined) return;
  const info: HookEndInfo = { event, name: entry.name, kind: entry.kind, outcome: run.outcome, durationMs: run.durationMs };
  if (entry.statusMessage !== undefined) info.statusMessage = entry.statusMessage;
  call(() => observers.onHookEnd!(info), 'onHookEnd', logger);
}

function call(fn: () => void, name: string, logger: HookLogger): void {
  try {
    fn();
  } catch (error) {
    logger.warn(`harness-hooks: ${name} threw: ${error instanceof Error ? error.message : String(error)}`);
  }
}
