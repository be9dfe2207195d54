// The harness's config-change event for one changed file, where the profile has one (Claude Code's
// `ConfigChange`; the other built-in profiles' harnesses have none): dispatched through the registry with
// the hooks in effect before the change, and a block is the harness's hooks refusing the change. What
// cannot be blocked (Claude's `policy_settings`) the profile's own merge rules decide: its result is
// never blocked.
import { errorMessage } from '../dispatch-run.js';
import type { Profile } from '../profiles/profile.js';
import type { DispatchResult, HookLogger } from '../types.js';

export interface ChangeDispatcher {
  readonly logger: HookLogger;
  dispatch(event: string, payload: object): Promise<DispatchResult>;
}

// Why the change to `file` was refused, or undefined when it may take effect (or no event fires for it).
export async function askConfigChange(registry: ChangeDispatcher, profile: Profile, file: string, source: string | undefined): Promise<string | undefined> {
  const change = profile.configChange;
  if (change === undefined || source === undefined) return undefined;
  const payload = change.payload(file, source);
  if (payload === undefined) return undefined;
  let result: DispatchResult;
  try {
    result = await registry.dispatch(change.event, payload);
  } catch (error) {
    // (A closed registry: the watcher is closing too, and applies nothing.)
    registry.logger.warn(`harness-hooks: the ${change.event} dispatch for ${file} failed, so the change takes effect: ${errorMessage(error)}`);
    return undefined;
  }
  if (!result.blocked) return undefined;
  return `a ${change.event} hook blocked it${result.reason ? `: ${result.reason}` : ''}`;
}
