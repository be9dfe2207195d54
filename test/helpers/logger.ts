// A logger that records warnings, for asserting what the registry warned about.
import type { HookLogger } from '../../src/index.js';

export interface RecordingLogger extends HookLogger {
  readonly warnings: string[];
}

export function makeLogger(): RecordingLogger {
  const warnings: string[] = [];
  return { warnings, warn: (message: string) => void warnings.push(message) };
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
