// Which config sources' hooks the copilot profile loads, by the registry's settings (the shared master
// switches), and why not. One function, read by the profile's `gate` and by the loader (settings.ts), which
// must know whether the repo's hooks load before it lets the repo's `disableAllHooks` switch anything off.
//
// - `plugin`: `enablePluginHooks` only, as the claude and codex profiles gate plugins (a plugin is installed
//   by the user, whatever its hooks run).
// - `managed` (policy.d): `enableShellHooks`, like every profile's managed source — the registry's master
//   switch for configured command hooks is the embedder's, above any harness policy. A decision, documented:
//   policy hooks are NOT subject to `disableAllHooks` (REF; config.ts, settings.ts) nor to folder trust.
// - `project` / `local` (the repo's files): `enableShellHooks`, then `allowProjectHooks` — Copilot loads
//   them once the folder is trusted (CL 1.0.8).
// - `user`: `enableShellHooks`.
import type { HookSettings } from '../../types.js';

export function copilotGate(source: string, settings: Readonly<Required<HookSettings>>): keyof HookSettings | undefined {
  if (source === 'plugin') return settings.enablePluginHooks ? undefined : 'enablePluginHooks';
  if (!settings.enableShellHooks) return 'enableShellHooks';
  if ((source === 'project' || source === 'local') && !settings.allowProjectHooks) return 'allowProjectHooks';
  return undefined;
}
