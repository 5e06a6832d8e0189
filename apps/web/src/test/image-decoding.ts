import { vi } from 'vitest';

interface FakeImageOptions {
  /** The decoded picture's size, as shown (orientation applied). */
  width: number;
  height: number;
  /** The types the canvas can write; any other is written as PNG, as browsers do. */
  writes?: string[];
  /** The size of every encoded copy. */
  bytes?: number;
}

/**
 * jsdom decodes and draws no images: stands in for the browser's decoder (createImageBitmap) and the 2D canvas, so
 * a test sees what was asked of them (orientation, size, format) and the code above them runs unchanged.
 */
export function fakeImageDecoding({
  width,
  height,
  writes = ['image/webp', 'image/jpeg'],
  bytes = 1000,
}: FakeImageOptions) {
  const close = vi.fn();
  const decode = vi.fn(async () => ({ width, height, close }) as unknown as ImageBitmap);
  vi.stubGlobal('createImageBitmap', decode);
  const context = {
    imageSmoothingQuality: 'low',
    globalCompositeOperation: 'source-over',
    fillStyle: '',
    drawImage: vi.fn(),
    fillRect: vi.fn(),
  };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => context as unknown as CanvasRenderingContext2D,
  );
  const encoded: Array<{ type: string; quality: unknown; width: number; height: number }> = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type = 'image/png',
    quality,
  ) {
    encoded.push({ type, quality, width: this.width, height: this.height });
    const written = writes.includes(type) ? type : 'image/png';
    callback(new Blob([new Uint8Array(bytes)], { type: written }));
  });
  return { decode, close, context, encoded };
}
