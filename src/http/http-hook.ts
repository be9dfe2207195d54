// runHttpHook: POSTs the hook input as JSON to the hook's URL with Node's own http/https client.
// check URL (scheme, allowedUrls, literal IP) -> interpolate headers -> request (DNS answers checked
// in the socket's own lookup) -> read the body up to a cap -> result. Never rejects: every failure is
// an outcome with a message.
import { urlForDisplay } from './url-text.js';
import { type LookupAddress, type LookupOptions, lookup as dnsLookup } from 'node:dns';
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { describeValue } from '../errors.js';
import { now } from '../clock.js';
import { OutputCollector } from '../executor/output-cap.js';
import { getNonPublicRange } from './address.js';
import { compileBoundedRegex, type BoundedRegex } from '../regex/bounded-regex.js';
import { timerDelay } from '../timer-range.js';

/** An http hook as written in a config file (Claude Code's `type: "http"` handler). */
export interface HttpHookSpec {
  type: 'http';
  /** Where the input JSON is POSTed. Only `http:` and `https:` URLs are accepted. */
  url: string;
  /**
   * Extra request headers. Values may reference `$VAR` or `${VAR}`; only names in `allowedEnvVars`
   * are substituted, every other reference becomes an empty string.
   * @example { Authorization: 'Bearer $HOOK_TOKEN' }
   */
  headers?: Record<string, string>;
  /** Environment variable names that header values may interpolate. */
  allowedEnvVars?: string[];
  /** Timeout in seconds. Read by the caller, which passes `timeoutMs`. */
  timeout?: number;
}

export interface HttpHookOptions {
  /** Milliseconds from the call until the request is destroyed, reading the body included. */
  timeoutMs: number;
  /** Aborting destroys the request at once and resolves with outcome `'aborted'`. */
  signal?: AbortSignal;
  /**
   * The registry option `allowedHttpHookUrls`: when set, a URL that matches none of these patterns is
   * refused before any DNS lookup or request. See `matchesUrlPattern`. An empty list refuses every URL.
   * @example ['https://hooks.example.com/*']
   */
  allowedUrls?: readonly string[];
  /**
   * Allow loopback, private, link-local and other non-public addresses.
   * @default false
   */
  allowPrivateNetwork?: boolean;
  /**
   * Bytes of response body kept. The response is destroyed once a byte past it arrives.
   * @default 64000
   */
  maxBodyBytes?: number;
  /**
   * Where header values' `$VAR` and `${VAR}` come from.
   * @default process.env
   */
  env?: Record<string, string | undefined>;
}

export type HttpHookOutcome = 'ok' | 'http-error' | 'network-error' | 'refused' | 'timeout' | 'aborted';

/** What `runHttpHook` resolves to, whatever happened. */
export interface HttpHookResult {
  /** The response status; `null` when no response arrived. */
  status: number | null;
  /** Up to `maxBodyBytes` bytes of the response body, decoded as UTF-8; `''` when there was none. */
  body: string;
  /** Bytes past `maxBodyBytes` arrived and were not read. */
  bodyTruncated: boolean;
  /** From the call to the result. */
  durationMs: number;
  /**
   * `ok`: a 2xx response was read. `http-error`: any other status (the body is still read).
   * `network-error`: DNS failure, refused or reset connection. `refused`: not sent, by policy (scheme,
   * `allowedUrls`, a non-public address) or because the request could not be built. `timeout`: the
   * `timeoutMs` passed. `aborted`: the caller's signal fired.
   */
  outcome: HttpHookOutcome;
  /** What happened, naming the URL (without credentials). Present for every outcome but `ok`. */
  message?: string;
}

export const DEFAULT_MAX_BODY_BYTES = 64_000;

// Request headers only the library sets (lower case).
const FRAMING_HEADERS: ReadonlySet<string> = new Set(['content-length', 'transfer-encoding', 'host', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'proxy-connection']);

// `$NAME` or `${NAME}`, with shell-style names.
const ENV_REFERENCE = /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))/g;
// Stripped after substitution, so no value can end the header line or smuggle another header.
const HEADER_BREAKERS = /[\r\n\0]/g;

// Substitutes `$VAR` / `${VAR}` in header values, from `env` for names in `allowedEnvVars` and as ''
// for every other name, then strips CR, LF and NUL from each value.
export function interpolateHeaders(
  headers: Readonly<Record<string, string>> | undefined,
  allowedEnvVars: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const allowed = new Set(allowedEnvVars ?? []);
  for (const [name, raw] of Object.entries(headers)) {
    const value = String(raw).replace(ENV_REFERENCE, (_match, braced: string | undefined, bare: string | undefined) => {
      const key = (braced ?? bare)!;
      return allowed.has(key) ? (env[key] ?? '') : '';
    });
    out[name] = value.replace(HEADER_BREAKERS, '');
  }
  return out;
}

const patternCache = new Map<string, BoundedRegex | undefined>();

// Escapes one character for a RegExp source.
function escapeChar(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

// Compiles a URL pattern once. The part before the path (scheme, host, port) is lowercased, as the WHATWG
// URL is, and a `*` there matches within it only (never `/`, `?`, `#`, `@` or `\`), so
// `https://*.example.com/*` cannot match `https://evil.test/.example.com/`. A `*` in the path, query or
// fragment matches anything, `/` included. On the bounded engine (src/regex/): the URL can come from a
// project's hook, and a native RegExp with a few `.*` backtracks polynomially on a long one. Undefined: a
// pattern too large for the engine, which matches nothing.
function compileUrlPattern(pattern: string): BoundedRegex | undefined {
  let source = '^';
  let inPath = false;
  const schemeEnd = pattern.indexOf('://');
  for (let i = 0; i < pattern.length; i++) {
    let c = pattern[i]!;
    if (!inPath && (c === '?' || c === '#' || (c === '/' && (schemeEnd === -1 || i > schemeEnd + 2)))) inPath = true;
    if (c === '*') {
      source += inPath ? '.*' : '[^/?#@\\\\]*';
      continue;
    }
    if (!inPath) c = c.toLowerCase();
    source += escapeChar(c);
  }
  try {
    return compileBoundedRegex(`${source}$`, 's');
  } catch {
    return undefined;
  }
}

// Whether `url` matches an allowedHttpHookUrls `pattern`, `*` being a wildcard. The URL is compared in
// its normalized form (what is actually requested: lowercase scheme and host, default port dropped,
// `..` resolved); a `*` in the scheme/host part does not cross into the path. The pattern `*` alone
// matches every URL. A URL that does not parse matches nothing.
export function matchesUrlPattern(url: string, pattern: string): boolean {
  let href: string;
  try {
    href = new URL(url).href;
  } catch {
    return false;
  }
  if (pattern === '*') return true;
  if (!patternCache.has(pattern)) {
    if (patternCache.size >= 1000) patternCache.clear();
    patternCache.set(pattern, compileUrlPattern(pattern));
  }
  // (A test past its budget has not shown the URL allowed: an allow-list refuses what it cannot decide.)
  return patternCache.get(pattern)?.test(href) === true;
}


// Fails a connection whose host resolves to a non-public address. The socket connects to exactly the
// addresses this returns, so what was checked is what is used (no check-then-connect gap).
class AddressRefusedError extends Error {
  override name = 'AddressRefusedError';
}

// A `lookup` for http.request: dns.lookup with `all: true`, failing if ANY returned address is not
// public (a name with one inside address is refused even when another is public).
// (node:dns is already loaded by node:net, so importing it here costs nothing.)
const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, []);
    for (const { address } of addresses) {
      const range = getNonPublicRange(address);
      if (range !== undefined) {
        return callback(new AddressRefusedError(`${hostname} resolves to ${address}, a ${range} address`), []);
      }
    }
    const first = addresses[0];
    if (!first) return callback(Object.assign(new Error(`${hostname} resolved to no address`), { code: 'ENOTFOUND' }), []);
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  });
};

// node:https pulls in tls and crypto (several ms), so the client modules load on first use, not at import.
type RequestFn = (url: URL, options: RequestOptions, callback: (res: IncomingMessage) => void) => ClientRequest;
let httpRequest: Promise<RequestFn> | undefined;
let httpsRequest: Promise<RequestFn> | undefined;
function loadRequest(protocol: 'http:' | 'https:'): Promise<RequestFn> {
  if (protocol === 'https:') return (httpsRequest ??= import('node:https').then((m) => m.request as RequestFn));
  return (httpRequest ??= import('node:http').then((m) => m.request as RequestFn));
}

function isNonNegativeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

// Checks the options the caller computed; returns what is wrong, in the executor's wording, or undefined.
function validateOptions(options: HttpHookOptions): string | undefined {
  const { timeoutMs, maxBodyBytes } = options;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) {
    return `Expected the \`timeoutMs\` option to be a positive number, got \`${describeValue(timeoutMs)}\``;
  }
  if (maxBodyBytes !== undefined && !isNonNegativeInteger(maxBodyBytes)) {
    return `Expected the \`maxBodyBytes\` option to be a non-negative integer, got \`${describeValue(maxBodyBytes)}\``;
  }
  return undefined;
}

// Runs one http hook: POSTs `JSON.stringify(input)` to `spec.url` and reads the response body like
// command stdout. Resolves to a result for every outcome; never rejects.
export async function runHttpHook(spec: HttpHookSpec, input: unknown, options: HttpHookOptions): Promise<HttpHookResult> {
  const start = now();
  const result = (outcome: HttpHookOutcome, fields: Partial<HttpHookResult> = {}): HttpHookResult => {
    const r: HttpHookResult = {
      status: fields.status ?? null,
      body: fields.body ?? '',
      bodyTruncated: fields.bodyTruncated ?? false,
      durationMs: now() - start,
      outcome,
    };
    if (fields.message !== undefined) r.message = fields.message;
    return r;
  };

  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    const text = typeof spec.url === 'string' ? JSON.stringify(spec.url) : describeValue(spec.url);
    return result('refused', { message: `HTTP hook URL ${text} refused: not a valid URL` });
  }
  const shown = urlForDisplay(url);
  if (options.signal?.aborted) return result('aborted', { message: `HTTP hook POST ${shown} was aborted before it was sent` });

  const invalid = validateOptions(options);
  if (invalid) return result('refused', { message: `HTTP hook POST ${shown} refused: ${invalid}` });

  const protocol = url.protocol;
  if (protocol !== 'http:' && protocol !== 'https:') {
    return result('refused', { message: `HTTP hook URL ${shown} refused: only http: and https: URLs are allowed, not ${protocol}` });
  }
  const { allowedUrls } = options;
  if (allowedUrls && !allowedUrls.some((pattern) => matchesUrlPattern(url.href, pattern))) {
    const list = allowedUrls.length === 0 ? 'it is empty' : allowedUrls.map((p) => JSON.stringify(p)).join(', ');
    return result('refused', { message: `HTTP hook URL ${shown} refused: it matches no allowedHttpHookUrls pattern (${list})` });
  }

  const allowPrivate = options.allowPrivateNetwork === true;
  // Node connects to an IP literal without calling `lookup`, so a literal host is checked here.
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (!allowPrivate && isIP(host) !== 0) {
    const range = getNonPublicRange(host);
    if (range !== undefined) {
      return result('refused', {
        message: `HTTP hook POST ${shown} refused: ${host} is a ${range} address (set allowPrivateNetwork to allow it)`,
      });
    }
  }

  let body: string;
  try {
    body = JSON.stringify(input) ?? 'null';
  } catch (error) {
    return result('refused', { message: `HTTP hook POST ${shown} refused: the input is not JSON-serializable (${(error as Error).message})` });
  }
  // Caller headers first, then the body's own type and length, which a header of the same name cannot
  // override. Headers that frame or route the request are the library's: a config that sets one (a
  // request-smuggling shape next to the forced Content-Length, a Host that points the request elsewhere)
  // is refused before anything is sent.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(interpolateHeaders(spec.headers, spec.allowedEnvVars, options.env ?? process.env))) {
    const lower = name.toLowerCase();
    if (FRAMING_HEADERS.has(lower)) {
      return result('refused', { message: `HTTP hook POST ${shown} refused: the \`${name}\` header frames or routes the request and cannot be set by a hook's config` });
    }
    if (lower !== 'content-type') headers[name] = value;
  }
  headers['Content-Type'] = 'application/json';
  headers['Content-Length'] = String(Buffer.byteLength(body));

  let request: RequestFn;
  try {
    request = await loadRequest(protocol);
  } catch (error) {
    return result('network-error', { message: `HTTP hook POST ${shown} failed: ${(error as Error).message}` });
  }
  // The signal may have fired while the client module loaded.
  if (options.signal?.aborted) return result('aborted', { message: `HTTP hook POST ${shown} was aborted before it was sent` });

  return new Promise<HttpHookResult>((resolve) => {
    const { signal } = options;
    const collector = new OutputCollector(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    let status: number | null = null;
    let settled = false;
    let req: ClientRequest | undefined;
    let res: IncomingMessage | undefined;

    // Settles once; whatever is still open is destroyed at once (no lingering socket or timer).
    const finish = (outcome: HttpHookOutcome, message?: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      res?.destroy();
      req?.destroy();
      const fields: Partial<HttpHookResult> = { status, body: collector.text(), bodyTruncated: collector.truncated };
      if (message !== undefined) fields.message = message;
      resolve(result(outcome, fields));
    };
    const responseOutcome = (): HttpHookOutcome => (status !== null && status >= 200 && status < 300 ? 'ok' : 'http-error');
    const responseMessage = (): string | undefined =>
      responseOutcome() === 'ok' ? undefined : `HTTP hook POST ${shown} returned ${status}${res?.statusMessage ? ` ${res.statusMessage}` : ''}`;

    function onAbort(): void {
      finish('aborted', `HTTP hook POST ${shown} was aborted`);
    }
    const timer = setTimeout(
      () => finish('timeout', `HTTP hook POST ${shown} timed out after ${options.timeoutMs} ms`),
      timerDelay(options.timeoutMs),
    );
    signal?.addEventListener('abort', onAbort, { once: true });

    // Past the cap the response is destroyed rather than drained: the status is known, the rest of the
    // body would be dropped anyway, and an endless body must not hold the hook until its timeout.
    collector.onOverflow = () => finish(responseOutcome(), responseMessage());

    const requestOptions: RequestOptions = {
      method: 'POST',
      headers,
      // A fresh connection per request: a pooled keep-alive socket would skip the lookup check below
      // (a socket opened by a run with allowPrivateNetwork could serve one without it) and can fail a
      // POST when the server closes it as it is reused.
      agent: false,
    };
    if (!allowPrivate) requestOptions.lookup = guardedLookup;

    try {
      req = request(url, requestOptions, (response) => {
        res = response;
        status = response.statusCode ?? null;
        response.on('data', collector.push);
        response.on('end', () => finish(responseOutcome(), responseMessage()));
        response.on('error', (error) => finish('network-error', `HTTP hook POST ${shown} failed while reading the response: ${error.message}`));
        response.on('close', () => {
          if (!response.complete) finish('network-error', `HTTP hook POST ${shown} failed: the connection closed before the response ended`);
        });
      });
    } catch (error) {
      // Node validates header names and values as the request is built (ERR_INVALID_HTTP_TOKEN, ERR_INVALID_CHAR).
      finish('refused', `HTTP hook POST ${shown} refused: ${(error as Error).message}`);
      return;
    }
    // Kept after settling too: destroying a request in flight emits 'error' ("socket hang up").
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error instanceof AddressRefusedError) {
        finish('refused', `HTTP hook POST ${shown} refused: ${error.message} (set allowPrivateNetwork to allow it)`);
      } else {
        finish('network-error', `HTTP hook POST ${shown} failed: ${error.code ? `${error.code}: ` : ''}${error.message}`);
      }
    });
    req.end(body);
  });
}
