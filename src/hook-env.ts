// Which of the harness's environment variables a command hook inherits, per config source (issue 11
// item 7). By default hooks from the user's own files (user, managed) and from plugins the user installed
// inherit everything, as before; hooks from a project's files (project, local, and skill / agent
// frontmatter) get everything but what looks like a secret — a name such as `*_TOKEN`, `*_SECRET*`,
// `*API_KEY*`, `*PASSWORD*`, or a value such as `sk-…`, `ghp_…`, `AKIA…`, a private key — since a cloned
// repository's hook has no business with the harness's credentials. `hookEnv` changes it per source.
//
// What this is and is not: it keeps secrets from being *inherited* (and so from leaking by accident into a
// hook's logs, its children, or a server it calls). It does not contain a hostile hook: a hook runs as the
// harness's user, and on Linux it can read the harness's own environment from /proc/<ppid>/environ (macOS:
// `ps -E`). Against a hostile hook, run project hooks in a sandbox or as another user.
import { describeValue, HookTypeError } from './errors.js';

/** What a source's command hooks inherit. */
export interface HookEnvRule {
  /** `all`: every variable; `safe`: all but secret-looking ones; `none`: only `PATH`, `HOME`, `USER`, `LOGNAME`, `SHELL`, `LANG`, `LC_*`, `TERM`, `TMPDIR`, `TZ`. */
  inherit?: 'all' | 'safe' | 'none';
  /** Names passed whatever `inherit` says (exact names). */
  allow?: readonly string[];
  /** Names never passed (exact names). */
  deny?: readonly string[];
}

/** The `hookEnv` option: a rule per config source. */
export type HookEnvPolicy = Readonly<Partial<Record<string, HookEnvRule>>>;

const DEFAULT_INHERIT: Readonly<Record<string, NonNullable<HookEnvRule['inherit']>>> = {
  managed: 'all',
  user: 'all',
  plugin: 'all',
  project: 'safe',
  local: 'safe',
  skill: 'safe',
  agent: 'safe',
};

const SECRET_NAME = /(?:^|_)(?:[A-Z0-9]*API_?KEY|ACCESS_?KEY|[A-Z0-9]*TOKEN|[A-Z0-9]*PASSWORD|PASSWD|PASS|PWD|PASSPHRASE|CREDENTIALS?|CREDS|PRIVATE_?KEY|AUTH|COOKIE|KEY|PAT)(?:_|$)|SECRET|WEBHOOK|(?:^|_)(?:DATABASE|DB|MONGO|MONGODB|REDIS|POSTGRES|PG|MYSQL|AMQP|RABBITMQ)_?(?:URL|URI|DSN)$/i;
const SECRET_VALUE = /^(?:sk-[A-Za-z0-9_-]{16,}|sk_(?:live|test)_|rk_live_|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_|glpat-|npm_[A-Za-z0-9]{30,}|hf_[A-Za-z0-9]{30,}|xox[abprs]-|AKIA[0-9A-Z]{16}$|ASIA[0-9A-Z]{16}$|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ|(?:Bearer|Basic|token) \S{8,}|-----BEGIN [A-Z ]*PRIVATE KEY-----)|^[a-z][a-z0-9+.-]*:\/\/[^\s/@:]+:[^\s/@]+@/i;
// Anywhere in a value: a private key (a JSON service account holds one mid-text), a webhook URL (whoever has it posts as the owner).
const SECRET_INSIDE = /-----BEGIN [A-Z ]*PRIVATE KEY-----|https:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks|[a-z0-9-]+\.webhook\.office\.com)\//i;
const BASICS = /^(?:PATH|HOME|USER|LOGNAME|SHELL|LANG|LC_[A-Z]+|TERM|TMPDIR|TZ)$/;

/** Whether a variable looks like a secret, by its name or its value. */
export function looksSecret(name: string, value: string | undefined): boolean {
  // (`PWD` itself is the working directory, not a password.)
  return (name !== 'PWD' && name !== 'OLDPWD' && SECRET_NAME.test(name)) || (value !== undefined && (SECRET_VALUE.test(value.trim()) || SECRET_INSIDE.test(value)));
}

// Validates the option (a TypeError naming the source and the field).
export function validateHookEnv(option: unknown): HookEnvPolicy {
  if (option === undefined) return {};
  if (option === null || typeof option !== 'object' || Array.isArray(option)) {
    throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected the \`hookEnv\` option to be an object of source -> { inherit?, allow?, deny? }, got ${describeValue(option)}`);
  }
  for (const [source, rule] of Object.entries(option)) {
    const where = `hookEnv.${source}`;
    if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`${where}\` to be { inherit?, allow?, deny? }, got ${describeValue(rule)}`);
    const r = rule as Record<string, unknown>;
    for (const key of Object.keys(r)) {
      if (key !== 'inherit' && key !== 'allow' && key !== 'deny') throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Unknown option \`${where}.${key}\` (expected inherit, allow or deny)`);
    }
    if (r.inherit !== undefined && r.inherit !== 'all' && r.inherit !== 'safe' && r.inherit !== 'none') {
      throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`${where}.inherit\` to be 'all', 'safe' or 'none', got ${describeValue(r.inherit)}`);
    }
    for (const key of ['allow', 'deny'] as const) {
      if (r[key] !== undefined && !(Array.isArray(r[key]) && (r[key] as unknown[]).every((n) => typeof n === 'string'))) {
        throw new HookTypeError('HOOKS_ERR_OPTION_INVALID', `Expected \`${where}.${key}\` to be an array of variable names, got ${describeValue(r[key])}`);
      }
    }
  }
  return Object.freeze({ ...(option as HookEnvPolicy) });
}

/** Whether hooks from `source` inherit the whole environment under `policy` (a question of the policy, not of what the environment holds now). */
export function inheritsAll(policy: HookEnvPolicy, source: string): boolean {
  const rule = policy[source];
  return (rule?.inherit ?? DEFAULT_INHERIT[source] ?? 'all') === 'all' && (rule?.deny === undefined || rule.deny.length === 0);
}

/**
 * The environment a command hook from `source` inherits under `policy`: what its process gets before its
 * own variables, and so all a `$VAR` in that source's configuration may resolve to. A dialect that
 * expands variables in a hook's config (Gemini's settings at load, Copilot's `env`) reads this, never
 * process.env: a repository's hook must not pull a withheld secret into its command or its own variables.
 */
export function inheritedEnv(policy: HookEnvPolicy, source: string | undefined, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const withheld = withheldEnv(policy, source, env);
  const out = Object.create(null) as Record<string, string>;
  for (const name of Object.keys(env)) {
    const value = env[name];
    if (typeof value === 'string' && (withheld === undefined || !Object.hasOwn(withheld, name))) out[name] = value;
  }
  return out;
}

/**
 * The variables a command hook from `source` must not inherit, as `{ NAME: undefined }` (what a spawn's
 * `env` takes to leave them out), or undefined when it inherits everything. `source` undefined: the
 * harness's own code (in-process and registered entries): everything.
 */
export function withheldEnv(policy: HookEnvPolicy, source: string | undefined, env: NodeJS.ProcessEnv = process.env): Record<string, undefined> | undefined {
  if (source === undefined || inheritsAll(policy, source)) return undefined;
  const rule = policy[source];
  const inherit = rule?.inherit ?? DEFAULT_INHERIT[source] ?? 'all';
  const deny = rule?.deny;
  const allow = rule?.allow;
  let withheld: Record<string, undefined> | undefined;
  for (const name of Object.keys(env)) {
    const keep = allow?.includes(name) === true || (deny?.includes(name) !== true && (inherit === 'all' || (inherit === 'safe' ? !looksSecret(name, env[name]) : BASICS.test(name))));
    // A null-prototype object: a variable named `__proto__` is withheld like any other.
    if (!keep) (withheld ??= Object.create(null) as Record<string, undefined>)[name] = undefined;
  }
  return withheld;
}
