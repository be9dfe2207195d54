// Which variables one source's hook may set for the hooks of another source (issue 23 class 3). Some
// harnesses let a hook's output set environment variables for later hooks (Cursor's sessionStart `env`).
// A deny-list of dangerous names cannot be complete — HOME, PYTHONUSERBASE, XDG_CONFIG_HOME,
// GIT_CONFIG_*, JDK_JAVA_OPTIONS, DOTNET_STARTUP_HOOKS, LESSOPEN, … each make some program load code — so
// a variable crosses from a source to a hook of a *different* source only when:
// - the exporting source is trusted more than the hook's (in-process code — the harness itself — above
//   the administrator's `managed` / `system` files, above the user's own files, above plugins the user
//   installed, above a repository's `project` / `local` / `skill` / `agent` hooks): it may set anything
//   for the hooks below it; or
// - the name is in the exporting source's own namespace, `<SOURCE>_…` (`PROJECT_FLAG` from a project,
//   `USER_…` from the user's hooks, `PLUGIN_…` from a plugin): a name it plainly invented, which no shell,
//   loader or interpreter reads at startup, and which tells the reader where it came from. (Not the
//   names a harness gives hooks itself: PLUGIN_ROOT, PLUGIN_DATA.)
// Everything else is dropped for that hook, with a warning naming the variable and the source.
// A hook of the exporting source itself gets every name it exported: it runs that source's own commands,
// which could set the variable themselves, so withholding it protects no one. (The `hookEnv` policy of
// the receiving hook still applies on top: withheld names stay withheld.)

// Lower is trusted more. A source not listed is trusted least.
const TRUST: Readonly<Record<string, number>> = { code: -1, managed: 0, system: 0, user: 1, plugin: 2, project: 3, local: 3, skill: 3, agent: 3 };
const LEAST = 3;
// Names harnesses give a hook themselves, which the `PLUGIN_` namespace would otherwise cover.
const ENGINE_NAMES: ReadonlySet<string> = new Set(['PLUGIN_ROOT', 'PLUGIN_DATA']);

const trustOf = (source: string): number => TRUST[source] ?? LEAST;

/** The namespace a source's hooks may export to other sources' hooks: `PROJECT_` for `project`. */
export const exportNamespace = (source: string): string => `${source.toUpperCase()}_`;

// Whether a variable `name` that a hook of `from` exported may reach a hook of `to`.
export function mayExportTo(from: string, to: string, name: string): boolean {
  return from === to || trustOf(from) < trustOf(to) || inNamespace(from, name);
}

// Whether `name` exported by a hook of `from` reaches the hooks of every source (else: warn once).
export function exportsEverywhere(from: string, name: string): boolean {
  return trustOf(from) <= 0 || inNamespace(from, name);
}

function inNamespace(from: string, name: string): boolean {
  const prefix = exportNamespace(from);
  return name.length > prefix.length && name.startsWith(prefix) && !ENGINE_NAMES.has(name);
}

// The warning for variables that reach only some hooks (`hook` names the exporting hook, if known).
export function exportWarning(from: string, names: readonly string[], hook: string | undefined): string {
  return `harness-hooks: a ${from} hook${hook === undefined ? '' : ` ${JSON.stringify(hook)}`} exported ${names.join(', ')}; only hooks of the ${from} source and of less trusted ones get ${names.length === 1 ? 'it' : 'them'}: another source's hooks get only ${exportNamespace(from)}* names from a ${from} hook, so that it cannot change how their programs start`;
}
