// The http hook runner against a real local server on 127.0.0.1. Every request in this file goes to
// 127.0.0.1 (or is refused before it leaves), never to any other address.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HttpHookOptions, type HttpHookSpec, interpolateHeaders, matchesUrlPattern, runHttpHook } from '../../src/http/index.js';

interface Recorded {
  method: string | undefined;
  path: string;
  headers: IncomingHttpHeaders;
  rawHeaders: string[];
  body: string;
  /** Resolves when the server side of the connection has closed. */
  closed: Promise<void>;
}

let server: Server;
let base: string;
let port: number;
const requests: Recorded[] = [];
const sockets = new Set<Socket>();
let connections = 0;

// Routes, by path: /echo answers the request body; /status/N answers N with a small JSON body; /bytes/N
// answers N bytes of 'x'; /utf8/N answers N 'é' (2 bytes each); /endless writes until the client goes;
// /hang never answers; /reset sends headers and part of a body, then destroys the socket; /redirect is a 302.
function route(path: string, body: string, res: ServerResponse): void {
  const [, name = '', arg = ''] = path.split('/');
  switch (name) {
    case 'echo':
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    case 'status':
      res.writeHead(Number(arg)).end(Number(arg) === 204 ? undefined : JSON.stringify({ status: Number(arg) }));
      return;
    case 'empty':
      res.writeHead(200).end();
      return;
    case 'bytes':
      res.writeHead(200).end('x'.repeat(Number(arg)));
      return;
    case 'utf8':
      res.writeHead(200).end('é'.repeat(Number(arg)));
      return;
    case 'endless': {
      res.writeHead(200);
      const chunk = 'y'.repeat(16 * 1024);
      const write = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
      return;
    }
    case 'hang':
      return;
    case 'reset':
      res.writeHead(200, { 'content-length': '1000' });
      res.write('partial', () => res.socket?.destroy());
      return;
    case 'redirect':
      res.writeHead(302, { location: '/echo' }).end();
      return;
    default:
      res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let closeResolve!: () => void;
    const closed = new Promise<void>((resolve) => (closeResolve = resolve));
    req.socket.once('close', () => closeResolve());
    const record: Recorded = { method: req.method, path: req.url ?? '', headers: req.headers, rawHeaders: req.rawHeaders, body: '', closed };
    requests.push(record);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      record.body = Buffer.concat(chunks).toString('utf8');
      route(record.path, record.body, res);
    });
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  // Nothing may be left open: hung requests included.
  server.closeAllConnections();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests.length = 0;
  connections = 0;
});

const PRIVATE: HttpHookOptions = { timeoutMs: 5000, allowPrivateNetwork: true };

function spec(url: string, extra: Partial<HttpHookSpec> = {}): HttpHookSpec {
  return { type: 'http', url, ...extra };
}

// Resolves within `ms`, or rejects naming what did not happen.
async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

describe('request', () => {
  it('POSTs the input as JSON with Content-Type: application/json and reads the response body', async () => {
    const input = { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'echo "hi" ✓' }, n: null };
    const r = await runHttpHook(spec(`${base}/echo`), input, PRIVATE);
    expect(r.outcome).toBe('ok');
    expect(r.status).toBe(200);
    expect(r.body).toBe(JSON.stringify(input));
    expect(r.bodyTruncated).toBe(false);
    expect(r.message).toBeUndefined();
    expect(r.durationMs).toBeGreaterThan(0);
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(input))));
    expect(req?.body).toBe(JSON.stringify(input));
  });

  it('a header cannot override the JSON Content-Type', async () => {
    const r = await runHttpHook(spec(`${base}/echo`, { headers: { 'content-type': 'text/plain' } }), { a: 1 }, PRIVATE);
    expect(r.outcome).toBe('ok');
    expect(requests[0]?.rawHeaders.filter((h) => /^content-(type|length)$/i.test(h))).toHaveLength(2);
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(requests[0]?.body).toBe('{"a":1}');
  });

  it('refuses, before sending anything, a config header that frames or routes the request', async () => {
    for (const name of ['Content-Length', 'Transfer-Encoding', 'Host', 'connection']) {
      requests.length = 0;
      const r = await runHttpHook(spec(`${base}/echo`, { headers: { [name]: name === 'Transfer-Encoding' ? 'chunked' : '1' } }), { a: 1 }, PRIVATE);
      expect(r.outcome).toBe('refused');
      expect(r.message).toMatch(new RegExp(`the \`${name}\` header frames or routes the request`));
      expect(requests).toHaveLength(0);
    }
  });

  it('an empty body is returned as an empty string', async () => {
    const r204 = await runHttpHook(spec(`${base}/status/204`), {}, PRIVATE);
    expect(r204).toMatchObject({ outcome: 'ok', status: 204, body: '', bodyTruncated: false });
    const r200 = await runHttpHook(spec(`${base}/empty`), {}, PRIVATE);
    expect(r200).toMatchObject({ outcome: 'ok', status: 200, body: '', bodyTruncated: false });
  });

  it('input that is not JSON-serializable is refused and nothing is sent', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), { n: 1n }, PRIVATE);
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(`${base}/echo`);
    expect(r.message).toContain('JSON');
    expect(connections).toBe(0);
  });

  it('an invalid timeoutMs or maxBodyBytes is refused with a message, without rejecting', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), {}, { ...PRIVATE, timeoutMs: -1 });
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain('Expected the `timeoutMs` option to be a positive number, got `-1 (number)`');
    const r2 = await runHttpHook(spec(`${base}/echo`), {}, { ...PRIVATE, maxBodyBytes: 1.5 });
    expect(r2.outcome).toBe('refused');
    expect(r2.message).toContain('maxBodyBytes');
    expect(connections).toBe(0);
  });
});

describe('URL scheme', () => {
  it.each(['ftp://127.0.0.1/x', 'file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'ws://127.0.0.1/'])(
    '%s is refused: only http: and https:',
    async (url) => {
      const r = await runHttpHook(spec(url), {}, PRIVATE);
      expect(r.outcome).toBe('refused');
      expect(r.status).toBeNull();
      expect(r.message).toContain('only http: and https:');
      expect(connections).toBe(0);
    },
  );

  it('a URL that does not parse is refused', async () => {
    const r = await runHttpHook(spec('not a url'), {}, PRIVATE);
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain('"not a url"');
    expect(r.message).toContain('not a valid URL');
  });
});

describe('headers', () => {
  it('substitutes only allowed variables, empties the others and strips CR, LF and NUL (no header injection)', async () => {
    const env = { TOKEN: 'abc', SECRET: 's3cret', INJECT: 'ok\r\nX-Evil: injected', NUL: 'a\u0000b' };
    const r = await runHttpHook(
      spec(`${base}/echo`, {
        headers: { Authorization: 'Bearer $TOKEN', 'X-Braced': 'v=${TOKEN}!', 'X-Secret': 'leak:$SECRET:${SECRET}', 'X-Inject': '$INJECT', 'X-Nul': '${NUL}' },
        allowedEnvVars: ['TOKEN', 'INJECT', 'NUL'],
      }),
      {},
      { ...PRIVATE, env },
    );
    expect(r.outcome).toBe('ok');
    const req = requests[0]!;
    expect(req.headers.authorization).toBe('Bearer abc');
    expect(req.headers['x-braced']).toBe('v=abc!');
    expect(req.headers['x-secret']).toBe('leak::');
    expect(req.headers['x-inject']).toBe('okX-Evil: injected');
    expect(req.headers['x-nul']).toBe('ab');
    expect(req.headers['x-evil']).toBeUndefined();
    expect(req.rawHeaders.map((h) => h.toLowerCase())).not.toContain('x-evil');
    expect(JSON.stringify(req.rawHeaders)).not.toContain('s3cret');
  });

  it('reads variables from process.env by default', async () => {
    process.env.HARNESS_HTTP_TEST_TOKEN = 'from-env';
    try {
      const r = await runHttpHook(spec(`${base}/echo`, { headers: { 'X-T': '$HARNESS_HTTP_TEST_TOKEN' }, allowedEnvVars: ['HARNESS_HTTP_TEST_TOKEN'] }), {}, PRIVATE);
      expect(r.outcome).toBe('ok');
      expect(requests[0]?.headers['x-t']).toBe('from-env');
    } finally {
      delete process.env.HARNESS_HTTP_TEST_TOKEN;
    }
  });

  it('a header name Node rejects is refused and nothing is sent', async () => {
    const r = await runHttpHook(spec(`${base}/echo`, { headers: { 'Bad Header': 'x' } }), {}, PRIVATE);
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(`${base}/echo`);
    expect(connections).toBe(0);
  });

  it('interpolateHeaders: allowed, disallowed, unset and braced references', () => {
    const env = { A: '1', B: '2', C: 'x\r\ny\0z' };
    expect(
      interpolateHeaders({ h1: '$A-${A}', h2: '$B${B}', h3: '$UNSET|${UNSET}', h4: '$C', h5: 'cost: $5, ${not a name}, $' }, ['A', 'C', 'UNSET'], env),
    ).toEqual({ h1: '1-1', h2: '', h3: '|', h4: 'xyz', h5: 'cost: $5, ${not a name}, $' });
    expect(interpolateHeaders({ h: 'line\r\nX-Other: 1' }, undefined, {})).toEqual({ h: 'lineX-Other: 1' });
    expect(interpolateHeaders(undefined, ['A'], env)).toEqual({});
    // Without allowedEnvVars nothing is substituted.
    expect(interpolateHeaders({ h: '$A' }, undefined, env)).toEqual({ h: '' });
  });
});

describe('allowedUrls', () => {
  it('a URL matching none of the patterns is refused and nothing is sent', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), { secret: 1 }, { ...PRIVATE, allowedUrls: ['https://hooks.example.com/*', `http://127.0.0.1:${port}/allowed/*`] });
    expect(r.outcome).toBe('refused');
    expect(r.status).toBeNull();
    expect(r.message).toContain(`${base}/echo`);
    expect(r.message).toContain('https://hooks.example.com/*');
    expect(requests).toHaveLength(0);
    expect(connections).toBe(0);
  });

  it('an empty list refuses every URL', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), {}, { ...PRIVATE, allowedUrls: [] });
    expect(r.outcome).toBe('refused');
    expect(connections).toBe(0);
  });

  it('a URL matching a pattern is sent', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), { a: 1 }, { ...PRIVATE, allowedUrls: ['https://hooks.example.com/*', `http://127.0.0.1:${port}/*`] });
    expect(r.outcome).toBe('ok');
    expect(requests).toHaveLength(1);
  });
});

describe('matchesUrlPattern', () => {
  const cases: readonly (readonly [string, string, boolean])[] = [
    ['https://hooks.example.com/a', 'https://hooks.example.com/*', true],
    ['https://hooks.example.com/a/b?c=d', 'https://hooks.example.com/*', true],
    ['https://hooks.example.com', 'https://hooks.example.com/*', true], // normalized to .../
    ['https://hooks.example.com/exact', 'https://hooks.example.com/exact', true],
    ['https://hooks.example.com/exact/more', 'https://hooks.example.com/exact', false],
    ['http://hooks.example.com/a', 'https://hooks.example.com/*', false],
    ['https://HOOKS.Example.COM:443/a', 'https://hooks.example.com/*', true], // case and default port
    ['https://hooks.example.com/a', 'HTTPS://Hooks.Example.com/*', true],
    ['https://hooks.example.com/A', 'https://hooks.example.com/a', false], // the path stays case-sensitive
    ['https://hooks.example.com:8443/a', 'https://hooks.example.com/*', false],
    ['https://hooks.example.com:8443/a', 'https://hooks.example.com:*/*', true],
    ['https://hooks.example.com.evil.test/a', 'https://hooks.example.com/*', false],
    ['https://hooks.example.com@evil.test/a', 'https://hooks.example.com/*', false],
    ['https://a.example.com/x', 'https://*.example.com/*', true],
    ['https://a.b.example.com/x', 'https://*.example.com/*', true],
    ['https://evil.test/.example.com/', 'https://*.example.com/*', false], // host * does not cross '/'
    ['https://evil.test?.example.com/', 'https://*.example.com/*', false],
    ['https://user@a.example.com/', 'https://*.example.com/*', false], // nor '@'
    ['https://hooks.example.com/hooks/../admin', 'https://hooks.example.com/hooks/*', false], // dot segments resolved
    ['https://hooks.example.com/hooks/x', 'https://hooks.example.com/hooks/*', true],
    ['https://x.test/a.b', 'https://x.test/a.b', true],
    ['https://x.test/aXb', 'https://x.test/a.b', false], // '.' is literal
    ['https://anything.test/at/all', '*', true],
    ['not a url', '*', false],
    ['https://hooks.example.com/a', '*://hooks.example.com/*', true],
  ];
  it.each(cases)('%s against %s: %s', (url, pattern, expected) => {
    expect(matchesUrlPattern(url, pattern)).toBe(expected);
  });
  it('a pattern of several `*` against a long URL a project wrote answers at once (the bounded engine, not a backtracking RegExp)', async () => {
    const tick = () => new Promise((resolve) => setTimeout(resolve, 30));
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    // (The histogram counts a block only between two of its timer's firings.)
    await tick();
    expect(matchesUrlPattern(`https://hooks.example.com/${'a'.repeat(3000)}`, 'https://hooks.example.com/*a*a*a*a*b')).toBe(false);
    expect(matchesUrlPattern(`https://hooks.example.com/${'a'.repeat(3000)}b`, 'https://hooks.example.com/*a*a*a*a*b')).toBe(true);
    await tick();
    h.disable();
    expect(h.max / 1e6).toBeLessThan(500);
  });
});

describe('private network', () => {
  it('the same URL that works with allowPrivateNetwork is refused without it, and the server sees nothing', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), { a: 1 }, { timeoutMs: 5000 });
    expect(r.outcome).toBe('refused');
    expect(r.status).toBeNull();
    expect(r.message).toContain(`${base}/echo`);
    expect(r.message).toContain('127.0.0.1 is a loopback address');
    expect(r.message).toContain('allowPrivateNetwork');
    expect(requests).toHaveLength(0);
    expect(connections).toBe(0);
  });

  it('a DNS name that resolves inside (localhost) is refused at lookup, and the server sees nothing', async () => {
    const r = await runHttpHook(spec(`http://localhost:${port}/echo`), { a: 1 }, { timeoutMs: 5000 });
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(`http://localhost:${port}/echo`);
    expect(r.message).toMatch(/localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
    expect(requests).toHaveLength(0);
    expect(connections).toBe(0);
  });

  // Only forms of 127.0.0.1 here: were the check broken, no request may go anywhere else. Other ranges
  // are covered by the isPublicAddress table.
  it.each([
    [`http://[::ffff:127.0.0.1]:PORT/echo`, '::ffff:7f00:1 is a loopback (IPv4-mapped 127.0.0.1) address'],
    [`http://0x7f.1:PORT/echo`, '127.0.0.1 is a loopback'], // the URL parser normalizes it to 127.0.0.1
    [`http://2130706433:PORT/echo`, '127.0.0.1 is a loopback'],
  ])('the IP literal in %s is refused before any connection (%s)', async (template, expected) => {
    const r = await runHttpHook(spec(template.replace('PORT', String(port))), {}, { timeoutMs: 5000 });
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(expected);
    expect(connections).toBe(0);
  });

  it('credentials in the URL are not shown in the message', async () => {
    const r = await runHttpHook(spec(`http://user:hunter2@127.0.0.1:${port}/echo`), {}, { timeoutMs: 5000 });
    expect(r.outcome).toBe('refused');
    expect(r.message).toContain(`${base}/echo`);
    expect(r.message).not.toContain('hunter2');
  });
});

describe('response body', () => {
  it('the body is capped at maxBodyBytes and bodyTruncated says so', async () => {
    const r = await runHttpHook(spec(`${base}/bytes/100000`), {}, { ...PRIVATE, maxBodyBytes: 1000 });
    expect(r).toMatchObject({ outcome: 'ok', status: 200, bodyTruncated: true });
    expect(r.body).toBe('x'.repeat(1000));
  });

  it('the default cap is 64000 bytes', async () => {
    const r = await runHttpHook(spec(`${base}/bytes/70000`), {}, PRIVATE);
    expect(r.bodyTruncated).toBe(true);
    expect(r.body).toHaveLength(64_000);
  });

  it('a body of exactly maxBodyBytes is not truncated', async () => {
    const r = await runHttpHook(spec(`${base}/bytes/1000`), {}, { ...PRIVATE, maxBodyBytes: 1000 });
    expect(r).toMatchObject({ outcome: 'ok', bodyTruncated: false });
    expect(r.body).toHaveLength(1000);
  });

  it('a cap that cuts a UTF-8 character drops its partial bytes', async () => {
    const r = await runHttpHook(spec(`${base}/utf8/100`), {}, { ...PRIVATE, maxBodyBytes: 11 });
    expect(r.bodyTruncated).toBe(true);
    expect(r.body).toBe('é'.repeat(5));
  });

  it('an endless body is cut at the cap: the response is destroyed at once, not read until the timeout', async () => {
    const r = await runHttpHook(spec(`${base}/endless`), {}, { ...PRIVATE, timeoutMs: 20_000, maxBodyBytes: 100_000 });
    expect(r).toMatchObject({ outcome: 'ok', status: 200, bodyTruncated: true });
    expect(r.body).toBe('y'.repeat(100_000));
    expect(r.durationMs).toBeLessThan(5000);
    await within(requests[0]!.closed, 2000, 'the server seeing the connection close');
  });
});

describe('failures', () => {
  it('a non-2xx status is an http-error, with the body still returned', async () => {
    const r = await runHttpHook(spec(`${base}/status/500`), {}, PRIVATE);
    expect(r.outcome).toBe('http-error');
    expect(r.status).toBe(500);
    expect(r.body).toBe('{"status":500}');
    expect(r.message).toContain(`${base}/status/500`);
    expect(r.message).toContain('500');
  });

  it('a redirect is not followed: it is an http-error', async () => {
    const r = await runHttpHook(spec(`${base}/redirect`), {}, PRIVATE);
    expect(r).toMatchObject({ outcome: 'http-error', status: 302 });
    expect(requests).toHaveLength(1);
  });

  it('a refused connection is a network-error', async () => {
    // A port that was just free: listen, note it, close.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const freePort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const r = await runHttpHook(spec(`http://127.0.0.1:${freePort}/`), {}, PRIVATE);
    expect(r.outcome).toBe('network-error');
    expect(r.status).toBeNull();
    expect(r.message).toContain(`http://127.0.0.1:${freePort}/`);
    expect(r.message).toContain('ECONNREFUSED');
  });

  it('a connection reset mid-body is a network-error, with the status and what arrived', async () => {
    const r = await runHttpHook(spec(`${base}/reset`), {}, PRIVATE);
    expect(r.outcome).toBe('network-error');
    expect(r.status).toBe(200);
    expect(r.body).toBe('partial');
    expect(r.message).toContain(`${base}/reset`);
  });

  it('a server that never answers times out, and the request is destroyed at once', async () => {
    const r = await runHttpHook(spec(`${base}/hang`), {}, { ...PRIVATE, timeoutMs: 300 });
    expect(r.outcome).toBe('timeout');
    expect(r.status).toBeNull();
    expect(r.message).toContain(`${base}/hang`);
    expect(r.message).toContain('300 ms');
    expect(r.durationMs).toBeGreaterThanOrEqual(290);
    expect(r.durationMs).toBeLessThan(2000);
    await within(requests[0]!.closed, 1000, 'the server seeing the connection close');
  });

  it('aborting the signal ends the request at once', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const r = await runHttpHook(spec(`${base}/hang`), {}, { ...PRIVATE, timeoutMs: 20_000, signal: controller.signal });
    expect(r.outcome).toBe('aborted');
    expect(r.message).toContain(`${base}/hang`);
    expect(r.durationMs).toBeLessThan(2000);
    await within(requests[0]!.closed, 1000, 'the server seeing the connection close');
  });

  it('an already aborted signal sends nothing', async () => {
    const r = await runHttpHook(spec(`${base}/echo`), {}, { ...PRIVATE, signal: AbortSignal.abort() });
    expect(r.outcome).toBe('aborted');
    expect(r.status).toBeNull();
    expect(connections).toBe(0);
  });
});
