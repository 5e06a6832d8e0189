import type { LookupFunction } from 'node:net';
import { IMPORT_MAX_PAGE_BYTES, importMessages, type ImportResponse } from '@forkful/contracts';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import { HttpError } from '../../errors.js';
import { extractRecipe } from './extract.js';
import { decodeHtml, FetchError, safeFetch, type FetchFailure, type SafeFetchOptions } from './safe-fetch.js';

/** Who is asking, in every request to another site: the product, its version, what it does and where it lives. */
export const IMPORT_USER_AGENT =
  'ForkfulRecipeImport/1.0 (+https://github.com/forkful/forkful; fetches one recipe page a cook asked to import)';

/** Imports running at once in this process; one more is refused with 503 (memory stays bounded under a burst). */
const MAX_CONCURRENT = 4;
const MAX_REDIRECTS = 5;
/** The photo handed back is re-encoded no wider than this; the create call's pipeline makes the stored sizes. */
const PHOTO_MAX_WIDTH = 2560;
const MAX_INPUT_PIXELS = 40_000_000;

const FAILURE_MESSAGES: Record<FetchFailure, string> = {
  address: importMessages.addressRefused,
  redirects: importMessages.tooManyRedirects,
  status: importMessages.fetchFailed,
  type: importMessages.notHtml,
  size: importMessages.pageTooLarge,
  timeout: importMessages.fetchFailed,
  network: importMessages.fetchFailed,
};

const unprocessable = (message: string) => new HttpError(422, message);

export interface RecipeImporterOptions {
  /** A resolver stub (tests: names that resolve to private addresses, with no real lookup). */
  lookup?: LookupFunction;
}

/**
 * Recipe import (issue 21): fetch a page safely or take the pasted one, read its schema.org Recipe, answer a preview;
 * fetch a preview's photo safely and hand it back re-encoded, for the create form to upload as any photo.
 */
export class RecipeImporter {
  private running = 0;

  constructor(
    private readonly config: Config,
    private readonly options: RecipeImporterOptions = {},
  ) {}

  private fetchOptions(accept: 'html' | 'image'): SafeFetchOptions {
    return {
      accept,
      maxBytes: accept === 'html' ? IMPORT_MAX_PAGE_BYTES : this.config.maxUploadBytes,
      timeoutMs: this.config.importFetchTimeoutMs,
      maxRedirects: MAX_REDIRECTS,
      userAgent: IMPORT_USER_AGENT,
      testHosts: new Set(this.config.importTestHosts),
      ...(this.options.lookup ? { lookup: this.options.lookup } : {}),
    };
  }

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_CONCURRENT) throw new HttpError(503, 'Too many imports at the moment, please try again');
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
    }
  }

  private async fetch(url: string, accept: 'html' | 'image') {
    try {
      return await safeFetch(url, this.fetchOptions(accept));
    } catch (error) {
      if (error instanceof FetchError) {
        if (accept === 'image') throw unprocessable(importMessages.photoNotImage);
        throw unprocessable(FAILURE_MESSAGES[error.reason]);
      }
      throw error;
    }
  }

  /** `{ url }`: fetch and read; `{ html, url? }`: read the pasted page (`url` only resolves its relative links). */
  preview(input: { url?: string | undefined; html?: string | undefined }): Promise<ImportResponse> {
    return this.limited(async () => {
      let html = input.html;
      let url = input.url ?? null;
      if (html === undefined || html.trim() === '') {
        if (!url) throw new HttpError(400, importMessages.nothingToImport);
        const page = await this.fetch(url, 'html');
        html = decodeHtml(page.body, page.contentType);
        url = page.url;
      }
      const extraction = extractRecipe(html, url);
      if (!extraction) throw unprocessable(importMessages.noRecipe);
      // Text that carried scripts is refused rather than cleaned: a page that puts them in its recipe is not one
      // to trust with the rest of it (issue 21, "Bad input"; docs/decisions/022).
      if (extraction.activeContent.length > 0) throw unprocessable(importMessages.scriptedRecipe);
      return { recipe: extraction.recipe, warnings: extraction.warnings };
    });
  }

  /**
   * One of a preview's photos: fetched like a page (same address filter, redirects and time budget; the upload
   * size limit), decoded and re-encoded as JPEG without its metadata. The form uploads it with the recipe, so it
   * then goes through the upload pipeline like any photo (the same limits; EXIF stripped there too).
   */
  photo(url: string): Promise<Buffer> {
    return this.limited(async () => {
      const image = await this.fetch(url, 'image');
      try {
        return await sharp(image.body, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
          .rotate()
          .resize({ width: PHOTO_MAX_WIDTH, withoutEnlargement: true })
          .jpeg({ quality: 88, mozjpeg: false })
          .toBuffer();
      } catch {
        throw unprocessable(importMessages.photoNotImage);
      }
    });
  }
}
