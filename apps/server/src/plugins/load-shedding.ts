import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import { ImageQueue, type ImageTicket } from '../services/image-queue.js';
import type { UploadedImage } from '../services/images.js';

export const RETRY_AFTER_SECONDS = 5;
export const SERVER_BUSY = 'The server is busy, please try again in a moment';
export const UPLOADS_BUSY = 'Too many photos are being uploaded right now, please try again in a moment';
/** Where uploads wait for the image pipeline, under the data folder. */
export const UPLOAD_TEMP_DIR = path.join('tmp', 'uploads');
/** Longer than any request can take: a file this old at start-up was left by a process that died mid-upload. */
const STALE_AFTER_MS = 10 * 60_000;

/** Answered when the event loop lags; under-pressure makes one and throws it, and the error handler sends it. */
class ServerBusy extends HttpError {
  constructor() {
    super(503, SERVER_BUSY);
  }
}

/** The disk refused an upload's temporary file (full, or not writable): the server's failure, not the client's. */
class TemporaryFileError extends Error {
  readonly statusCode = 500;
}

/**
 * The uploads of one request: their temporary files and their places in the image queue, all given back when the
 * response closes, whether it was sent, refused or abandoned by a client that went away.
 */
class RequestUploads {
  private readonly files: string[] = [];
  private readonly tickets: ImageTicket[] = [];
  private readonly arriving = new Set<{ stream: Readable; done: Promise<unknown> }>();
  private ended = false;

  constructor(
    private readonly dir: string,
    private readonly queue: ImageQueue,
    private readonly reply: FastifyReply,
  ) {
    reply.raw.once('close', () => void this.end());
  }

  async receive(stream: Readable): Promise<UploadedImage & { size: number }> {
    const ticket = this.ended ? undefined : this.queue.admit();
    if (!ticket) {
      // Read and dropped, so the client gets the answer rather than a connection reset mid-upload.
      stream.resume();
      this.reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      throw new HttpError(503, UPLOADS_BUSY);
    }
    this.tickets.push(ticket);
    const file = path.join(this.dir, `${randomBytes(16).toString('hex')}.upload`);
    this.files.push(file);
    const target = createWriteStream(file, { flags: 'wx', mode: 0o600 });
    const arrival = { stream, done: pipeline(stream, target) };
    this.arriving.add(arrival);
    try {
      await arrival.done;
    } catch (error) {
      // Only the file system's own errors name a system call; a malformed body or a client that left does not.
      if (typeof (error as { syscall?: unknown }).syscall === 'string') {
        throw new TemporaryFileError('An upload could not be written to its temporary file', { cause: error });
      }
      throw error;
    } finally {
      this.arriving.delete(arrival);
    }
    return { path: file, size: target.bytesWritten, process: (work) => ticket.process(work) };
  }

  private async end(): Promise<void> {
    this.ended = true;
    // A client that left mid-upload never ends its file stream: stop it, and let the write close before removing.
    const arriving = [...this.arriving];
    for (const { stream } of arriving) stream.destroy();
    await Promise.allSettled(arriving.map(({ done }) => done));
    for (const ticket of this.tickets) ticket.release();
    const removals = await Promise.allSettled(this.files.map((file) => rm(file, { force: true })));
    for (const removal of removals) {
      if (removal.status === 'rejected')
        this.reply.log.warn({ err: removal.reason }, 'temporary upload file not removed');
    }
  }
}

const uploadsOf = new WeakMap<FastifyRequest, RequestUploads>();

/**
 * Streams an uploaded file to a temporary file that is removed when the request's response closes, if the image queue
 * has room for it; otherwise 503 with Retry-After, before a byte is written.
 */
export function receiveUpload(request: FastifyRequest, stream: Readable): Promise<UploadedImage & { size: number }> {
  const uploads = uploadsOf.get(request);
  if (!uploads) throw new Error('receiveUpload needs the load-shedding plugin and a multipart request');
  return uploads.receive(stream);
}

/** Removes what a process that died mid-upload left; files of a live process sharing the folder are younger. */
function sweepStale(dir: string): void {
  const now = Date.now();
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat && now - stat.mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true, recursive: true });
  }
}

/**
 * Load shedding: uploads are streamed to disk and wait in a bounded image queue (503 when it is full), and every
 * request is answered 503 with Retry-After while the event loop lags past `maxEventLoopDelayMs`, so a burst is
 * refused early instead of slowing every other user's request to a crawl.
 */
export const loadSheddingPlugin = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  const dir = path.join(config.dataDir, UPLOAD_TEMP_DIR);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  sweepStale(dir);
  const queue = new ImageQueue(config.imageWorkers, config.imageQueueMax);
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers['content-type']?.toLowerCase().includes('multipart/')) {
      uploadsOf.set(request, new RequestUploads(dir, queue, reply));
    }
  });
  if (config.maxEventLoopDelayMs > 0) {
    await app.register(underPressure, {
      maxEventLoopDelay: config.maxEventLoopDelayMs,
      retryAfter: RETRY_AFTER_SECONDS,
      customError: ServerBusy,
    });
  }
});
