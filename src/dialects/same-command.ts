// One guard installed into every harness's file (installers do that) is one command in several dialects:
// a listing says so on each copy. Each copy still runs, under its own harness's rules (a harness that would
// run it runs it; its decisions merge as any other's): it never runs zero times, and no copy's rules are
// silently swapped for another's.

interface Row {
  kind?: string;
  name: string;
  event?: string;
  dialect?: string;
  file?: string;
  sameCommandAs?: string[];
}

/** Marks each command row whose command another dialect's row also has, naming the others. */
export function markSameCommand<R extends Row>(rows: R[], host: string): R[] {
  const byCommand = new Map<string, R[]>();
  for (const r of rows) {
    if (r.kind !== 'command') continue;
    const list = byCommand.get(r.name);
    if (list === undefined) byCommand.set(r.name, [r]);
    else list.push(r);
  }
  for (const list of byCommand.values()) {
    if (new Set(list.map((r) => r.dialect ?? host)).size < 2) continue;
    for (const r of list) {
      const others = list.filter((o) => o !== r && (o.dialect ?? host) !== (r.dialect ?? host));
      r.sameCommandAs = others.map((o) => `${o.dialect ?? host} ${o.event ?? ''}${o.file === undefined ? '' : ` in ${o.file}`}`.replace(/ +$/, ''));
    }
  }
  return rows;
}
