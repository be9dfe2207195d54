// The shared placeholder mechanism (src/shell-placeholders.ts): a placeholder becomes a reference to its
// variable, by the quotes it stands in; everything else is copied as written.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { bracedPlaceholders, quotePlaceholdersForShell, referencePlaceholders } from '../src/shell-placeholders.js';

const ROOT = bracedPlaceholders(['ROOT']);

describe('referencePlaceholders', () => {
  it('outside quotes: a double-quoted reference; inside double quotes: a reference; inside single quotes: a reference this shell leaves as text', () => {
    expect(referencePlaceholders('${ROOT}/run.sh x', ROOT)).toBe('"${ROOT}"/run.sh x');
    expect(referencePlaceholders('"${ROOT}/run.sh" x', ROOT)).toBe('"${ROOT}/run.sh" x');
    expect(referencePlaceholders("sh -c 'ls ${ROOT}'", ROOT)).toBe("sh -c 'ls ${ROOT}'");
    expect(referencePlaceholders('a${ROOT}b "c${ROOT}d"', ROOT)).toBe('a"${ROOT}"b "c${ROOT}d"');
  });

  it('an escaped quote or dollar is not a quote or a placeholder; other references are left alone', () => {
    expect(referencePlaceholders('echo \\"${ROOT} \\${ROOT} ${OTHER}', ROOT)).toBe('echo \\""${ROOT}" \\${ROOT} ${OTHER}');
    // In single quotes a backslash is a plain character: the quote after it ends them.
    expect(referencePlaceholders("'a\\' ${ROOT}", ROOT)).toBe("'a\\' \"${ROOT}\"");
  });

  it('placeholders of any spelling name the variable that carries them, the longest first', () => {
    const placeholders = [
      { text: '$DIR', variable: 'DIR' },
      { text: '$DIR_DATA', variable: 'DATA' },
      { text: '{{project_dir}}', variable: 'PROJECT' },
      { text: '${extensionPath}', variable: 'EXT' },
    ];
    expect(referencePlaceholders('$DIR_DATA/$DIR/{{project_dir}} "${extensionPath}"', placeholders)).toBe('"${DATA}"/"${DIR}"/"${PROJECT}" "${EXT}"');
  });

  it('PowerShell: ${env:NAME} outside single quotes, the backtick as escape', () => {
    expect(referencePlaceholders('& "${ROOT}/x.ps1" ${ROOT} \'${ROOT}\' `${ROOT}', ROOT, 'powershell')).toBe('& "${env:ROOT}/x.ps1" ${env:ROOT} \'${ROOT}\' `${ROOT}');
  });

  it('whatever the value, sh runs the intended words and nothing else', () => {
    for (const value of ['a";touch /nonexistent/PWNED;"b c', '$(echo injected)', 'x`echo injected`y', "John's plugins", ' two  spaces ']) {
      const line = quotePlaceholdersForShell('printf "[%s]" ${ROOT} "${ROOT}/x"; sh -c \'printf "[%s]" "${ROOT}"\'', ['ROOT']);
      const out = execFileSync('/bin/sh', ['-c', line], { env: { ...process.env, ROOT: value }, encoding: 'utf8' });
      expect(out).toBe(`[${value}][${value}/x][${value}]`);
    }
  });
});
