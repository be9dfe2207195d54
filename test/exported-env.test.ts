// The shared rule for variables one source's hook exports to other hooks (src/exported-env.ts).
import { describe, expect, it } from 'vitest';
import { exportsEverywhere, exportWarning, mayExportTo } from '../src/exported-env.js';

describe('mayExportTo', () => {
  it('a hook of the same source, or of a less trusted one, gets every name', () => {
    expect(mayExportTo('project', 'project', 'HOME')).toBe(true);
    expect(mayExportTo('managed', 'user', 'PYTHONUSERBASE')).toBe(true);
    expect(mayExportTo('code', 'managed', 'NODE_OPTIONS')).toBe(true);
    expect(mayExportTo('user', 'project', 'PATH')).toBe(true);
    expect(mayExportTo('user', 'plugin', 'PATH')).toBe(true);
  });

  it("another source's hook at the same or a higher trust gets only the exporter's own namespace", () => {
    for (const name of ['HOME', 'PYTHONUSERBASE', 'XDG_CONFIG_HOME', 'GIT_CONFIG_GLOBAL', 'JDK_JAVA_OPTIONS', 'DOTNET_STARTUP_HOOKS', 'LESSOPEN', 'NODE_OPTIONS', 'PATH', 'USER_FLAG', 'PROJECT']) {
      expect(mayExportTo('project', 'user', name), name).toBe(false);
      expect(mayExportTo('project', 'managed', name), name).toBe(false);
    }
    expect(mayExportTo('project', 'user', 'PROJECT_FLAG')).toBe(true);
    expect(mayExportTo('local', 'project', 'LOCAL_X')).toBe(true);
    expect(mayExportTo('plugin', 'user', 'PLUGIN_MODE')).toBe(true);
    // The names harnesses give plugin hooks themselves are not a plugin's namespace.
    expect(mayExportTo('plugin', 'user', 'PLUGIN_ROOT')).toBe(false);
    expect(mayExportTo('plugin', 'user', 'PLUGIN_DATA')).toBe(false);
    // A source this rule does not know is trusted least.
    expect(mayExportTo('somewhere', 'project', 'HOME')).toBe(false);
    expect(mayExportTo('somewhere', 'project', 'SOMEWHERE_X')).toBe(true);
  });
});

describe('exportsEverywhere and the warning', () => {
  it('only an administrator\'s or in-process export, or a namespace name, reaches every source', () => {
    expect(exportsEverywhere('managed', 'HOME')).toBe(true);
    expect(exportsEverywhere('code', 'HOME')).toBe(true);
    expect(exportsEverywhere('user', 'HOME')).toBe(false);
    expect(exportsEverywhere('project', 'PROJECT_X')).toBe(true);
  });

  it('names the variables, the source and the hook', () => {
    expect(exportWarning('project', ['HOME', 'PATH'], 'setup.sh')).toBe(
      'harness-hooks: a project hook "setup.sh" exported HOME, PATH; only hooks of the project source and of less trusted ones get them: another source\'s hooks get only PROJECT_* names from a project hook, so that it cannot change how their programs start',
    );
  });
});
