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

  // The review of issue 23: a quote in a comment or a here-document, quotes inside `$( … )` or backticks
  // within double quotes, and bash's `$'…'` do not throw the reading of the quotes off: each reference
  // still expands to the one word the path is (a path with spaces is not split, nor globbed).
  it.each([
    ['a comment with a quote', 'true # don\'t\nprintf "[%s]" ${ROOT}/x'],
    ['a command substitution in double quotes', 'printf "[%s]" "$(printf %s "${ROOT}/x")"'],
    ['backticks in double quotes', 'printf "[%s]" "`printf %s ${ROOT}/x`"'],
    ['a here-document with a quote in it', "cat >/dev/null <<EOF\nit's\nEOF\nprintf \"[%s]\" ${ROOT}/x"],
    ['a here-document that names the placeholder', 'while IFS= read -r l; do printf "[%s]" "$l"; done <<EOF\n${ROOT}/x\nEOF'],
    ["bash's $'…' with an escaped quote", "printf %s $'it\\'s' >/dev/null; printf \"[%s]\" ${ROOT}/x"],
    ['a nested $( ( … ) )', 'printf "[%s]" "$( (printf %s ${ROOT}/x) )"'],
  ])('%s: bash runs the intended words', (_label, command) => {
    const value = ' two  spaces * ';
    const out = execFileSync('bash', ['-c', quotePlaceholdersForShell(command, ['ROOT'])], { env: { ...process.env, ROOT: value }, encoding: 'utf8', cwd: '/' });
    expect(out).toBe(`[${value}/x]`);
  });

  it('PowerShell: a here-string is read whole (a quote inside it is not a quote)', () => {
    expect(referencePlaceholders("$s = @'\nit's\n'@\n& ${ROOT}/x.ps1", ROOT, 'powershell')).toBe("$s = @'\nit's\n'@\n& ${env:ROOT}/x.ps1");
    expect(referencePlaceholders('$s = @"\nsay "hi" ${ROOT}\n"@\n& ${ROOT}/x.ps1', ROOT, 'powershell')).toBe('$s = @"\nsay "hi" ${env:ROOT}\n"@\n& ${env:ROOT}/x.ps1');
  });
});
