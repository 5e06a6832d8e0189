import http from 'node:http';

/** Cookies kept across calls, as a browser would. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface CallOptions {
  jar?: CookieJar;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
  /**
   * The loopback address the call comes from (any of 127.0.0.0/8 works on Linux), so that one test process can be
   * several clients as the proxy sees them.
   */
  from?: string;
  timeoutMs?: number;
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The backend that answered, as the proxy names it (`X-Served-By`), or '' when the proxy answered itself. */
  servedBy: string;
  json: <T = { data?: unknown; message?: string }>() => T;
}

const agents = new Map<string, http.Agent>();
function agentFor(from: string): http.Agent {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, maxSockets: 64, localAddress: from });
    agents.set(from, agent);
  }
  return agent;
}

/** Closes the kept-alive client connections (between phases, and at the end of a run). */
export function closeClientConnections(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** A multipart body as fetch would send it: the bytes and their content type with its boundary. */
async function encodeForm(form: FormData): Promise<{ bytes: Buffer; type: string }> {
  const request = new Request('http://multipart.invalid/', { method: 'POST', body: form });
  return {
    bytes: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? 'multipart/form-data',
  };
}

/** One HTTP call through node:http (fetch cannot choose the local address). Rejects only on a network failure. */
export async function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.jar) headers.cookie = options.jar.header();
  let body: Buffer | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = Buffer.from(JSON.stringify(options.json));
  } else if (options.form) {
    const encoded = await encodeForm(options.form);
    headers['content-type'] = encoded.type;
    body = encoded.bytes;
  }
  if (body) headers['content-length'] = String(body.length);
  const url = new URL(path, base);
  const from = options.from ?? '127.0.0.1';
  return new Promise<Reply>((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers, agent: agentFor(from), timeout: options.timeoutMs ?? 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const setCookie = response.headers['set-cookie'];
          options.jar?.store(setCookie);
          const bytes = Buffer.concat(chunks);
          const servedBy = response.headers['x-served-by'];
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: bytes,
            servedBy: typeof servedBy === 'string' ? servedBy : '',
            json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** A loopback address of its own for this run, so that rate-limit counters in the shared Redis never carry over. */
export function randomLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 253);
  return `127.${byte()}.${byte()}.${byte()}`;
}
