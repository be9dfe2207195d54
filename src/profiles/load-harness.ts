// Loads a harness profile (codex, gemini, copilot, cursor) that is not loaded yet. Here, from the sources
// (tests, the CommonJS build): every entry is imported up front, so there is nothing left to load. The
// package's ES build puts ./load-harness.esm.ts in this file's place (tsup.config.ts).
import './codex/entry.js';
import './gemini/entry.js';
import './copilot/entry.js';
import './cursor/entry.js';

export function loadHarnessProfile(_name: string): void {}
