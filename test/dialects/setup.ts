// The setup the registry-level dialect tests share: a temporary folder for the file, registries with every
// gate open that are closed after each test, and scripted command hooks that record what they got.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { scriptedHook, type HookBehaviour } from '../helpers/scripted-hook.js';

export const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };

type Any = any;

/** Call at a test file's top level: its folder, registry maker and hook maker, cleaned up by the file's hooks. */
export function dialectTestSetup(name: string): {
  root: string;
  make(options: object): Any;
  registry(profile: string, dialects: Record<string, object>, extra?: object): Any;
  hook(b: HookBehaviour): { command: string; record: string };
} {
  const root = mkdtempSync(join(tmpdir(), `hh-dialects-${name}-`));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.map((r) => r.close()));
    open = [];
  });
  const make = (options: object): Any => {
    const r = new HookRegistry({ settings: SETTINGS, session: { sessionId: 's1', cwd: root }, projectDir: root, ...options } as never);
    open.push(r);
    return r;
  };
  let n = 0;
  return {
    root,
    make,
    registry: (profile, dialects, extra = {}) => make({ profile, dialects, ...extra }),
    hook: (b) => {
      const record = join(root, `r${++n}`);
      return { command: scriptedHook(root, { ...b, record }), record };
    },
  };
}
