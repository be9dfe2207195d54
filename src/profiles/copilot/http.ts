// Copilot's `type: "http"` hooks (CLI 1.0.35+; spec §1.2, §5.2), on the shared runner (src/http/):
// - the hook input (the camelCase payload, or the PascalCase one under a PascalCase key) is POSTed as the
//   JSON body; the response body is read as a command's stdout is (progress lines out, one JSON object);
// - every failure fails open, preToolUse included: a network error, a timeout, a non-2xx status, a
//   redirect (not followed: Node's client never follows one, and a 3xx is not 2xx — "HTTP hook returned
//   redirect" [BIN]), a URL refused by the runner (a non-public address: it guards DNS answers too);
// - https only. `http://localhost`, `http://127.*` and `http://[::1]` only with COPILOT_HOOK_ALLOW_LOCALHOST=1
//   in the harness's environment, and never on preToolUse / permissionRequest (authorization events) nor
//   when `allowedEnvVars` is set (REF). Such a hook is skipped when it is added, with the reason. (BIN's
//   undocumented COPILOT_HOOK_ALLOW_HTTP_AUTH_HOOKS=1 is not honoured. OBS: Copilot may reject the whole
//   file for a non-https hook; here only the hook is skipped.)
// - `headers` values may name `$VAR` / `${VAR}` of `allowedEnvVars` only, and never one `hookEnv`
//   withholds from the hook's source.
import { urlForDisplay } from '../../http/url-text.js';
import type { EntryReport } from '../../entry.js';
import type { HookLogger } from '../../types.js';
import type { CopilotEventSpec } from './events.js';
import { blocksEvent, decodeOutput, parseStdout, type CopilotOutputForm } from './output.js';

/** Copilot's cap on what a hook prints (REF; CL 1.0.76): the body read past it is dropped. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const LOOPBACK = (host: string): boolean => host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/** Why an http hook's URL cannot run on this event, or undefined; `loopback`: it is an allowed http://localhost one. */
export function checkHttpUrl(url: string, spec: CopilotEventSpec, allowedEnvVars: boolean, env: Readonly<Record<string, string | undefined>> = process.env): { why: string } | { loopback: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { why: `HTTP hook URL ${JSON.stringify(url)} is not a valid URL` };
  }
  if (parsed.protocol === 'https:') return { loopback: false };
  const shown = urlForDisplay(parsed);
  if (parsed.protocol !== 'http:') return { why: `HTTP hook URL ${shown} must use http: or https: protocol` };
  if (spec.output === 'pre-tool' || spec.output === 'permission') return { why: `HTTP hook URL ${shown} must use https on ${spec.name} (an authorization event), as in Copilot` };
  if (allowedEnvVars) return { why: `HTTP hook URL ${shown} must use https when it sets allowedEnvVars, as in Copilot` };
  if (!LOOPBACK(parsed.hostname)) return { why: `HTTP hook URL ${shown} must use https (plain http only for localhost, 127.* or [::1], with COPILOT_HOOK_ALLOW_LOCALHOST=1)` };
  if (env.COPILOT_HOOK_ALLOW_LOCALHOST !== '1') return { why: `HTTP hook URL ${shown} is plain http to the local machine: Copilot allows it only with COPILOT_HOOK_ALLOW_LOCALHOST=1` };
  return { loopback: true };
}

export interface CopilotHttpHook {
  url: string;
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
  timeoutMs: number;
  /** An allowed http://localhost URL (the runner's non-public guard is lifted for it). */
  loopback: boolean;
}

/** Runs one http hook; never rejects. */
export async function runCopilotHttpHook(hook: CopilotHttpHook, body: unknown, spec: CopilotEventSpec, withheld: Readonly<Record<string, undefined>> | undefined, logger: HookLogger, signal: AbortSignal | undefined, form: CopilotOutputForm = 'camel'): Promise<EntryReport> {
  // The runner loads on the first http hook, not at package import (cold start).
  const { runHttpHook } = await import('../../http/index.js');
  const name = urlForDisplay(hook.url);
  const allowedEnvVars = hook.allowedEnvVars?.filter((n) => withheld === undefined || !Object.hasOwn(withheld, n));
  const r = await runHttpHook({ type: 'http', url: hook.url, ...(hook.headers === undefined ? {} : { headers: hook.headers }), ...(allowedEnvVars === undefined ? {} : { allowedEnvVars }) }, body, {
    timeoutMs: hook.timeoutMs,
    ...(signal === undefined ? {} : { signal }),
    allowPrivateNetwork: hook.loopback,
    maxBodyBytes: MAX_BODY_BYTES,
  });
  if (r.outcome === 'aborted') return { outcome: 'aborted', message: r.message ?? 'the dispatch was aborted' };
  if (r.outcome !== 'ok') {
    const redirect = r.status !== null && r.status >= 300 && r.status < 400 ? ' (HTTP hook returned redirect: not followed)' : '';
    const message = `${r.message ?? `HTTP hook ${name} failed (${r.outcome})`}${redirect}; failed open`;
    logger.warn(`harness-hooks: ${message}`);
    return { outcome: r.outcome === 'timeout' ? 'timeout' : 'error', message };
  }
  const json = parseStdout(r.body);
  const said = json === undefined ? undefined : decodeOutput(json, spec, logger, name, form);
  if (said === undefined) return { outcome: 'ok' };
  return { outcome: blocksEvent(said, spec) ? 'block' : 'ok', decision: said };
}
