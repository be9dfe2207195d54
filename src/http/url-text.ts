// A URL as the library shows it (run names, listHooks, onHookStart, warnings): without the user name and
// password it may carry, and with a query's values hidden (`?token=…`), since either can be a credential.
// Text that is not a URL is shown as it is.
export function urlForDisplay(url: string | URL): string {
  let copy: URL;
  try {
    copy = new URL(typeof url === 'string' ? url : url.href);
  } catch {
    return String(url);
  }
  if (copy.username === '' && copy.password === '' && copy.search === '') return copy.href;
  copy.username = '';
  copy.password = '';
  if (copy.search !== '') {
    const keys = [...new Set(copy.searchParams.keys())];
    copy.search = keys.map((k) => `${encodeURIComponent(k)}=***`).join('&');
  }
  return copy.href;
}
