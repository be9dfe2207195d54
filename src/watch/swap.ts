// The swap: every loader's old configs removed and its staged ones added in one synchronous batch, so a
// dispatch sees the old hooks or the new ones, never a mix; a dispatch in flight keeps the entry arrays it
// started with (the registry copies on write). The registry's own addConfig applies the profile's gates
// and trust, and the trust store, to each config again.
import type { AddConfigOptions, AddConfigReport } from '../config/add-config.js';
import { errorMessage } from '../dispatch-run.js';
import type { HookLogger } from '../types.js';
import type { StagedLoad } from './stage.js';

export interface SwapHost {
  readonly logger: HookLogger;
  addConfig(config: unknown, options: AddConfigOptions): AddConfigReport;
  batch<T>(fn: () => T): T;
}

// Replaces each load's last reports with its staged run's.
export function swapLoads(registry: SwapHost, staged: readonly StagedLoad[]): void {
  registry.batch(() => {
    for (const { load } of staged) {
      load.swapping = true;
      try {
        for (const report of load.reports) report.remove();
      } finally {
        load.swapping = false;
      }
    }
    for (const s of staged) {
      for (const { config, options, report } of s.configs) {
        try {
          const real = registry.addConfig(config, options);
          report.real = real;
          report.added.push(...real.added);
          report.skipped.push(...real.skipped);
        } catch (error) {
          // (It was checked as addConfig checks it: only something of ours, a trust store that cannot be read.)
          registry.logger.warn(`harness-hooks: ${options.file ?? `a ${options.source} config`} could not be added again: ${errorMessage(error)}`);
        }
      }
    }
  });
  for (const s of staged) s.load.reports = s.reports;
}
