import { describe, expect, it, vi } from 'vitest';
import { fakeImageDecoding } from '@/test/image-decoding';
import { resizeImage } from './resize-image';

const photo = (bytes = 3_000_000, name = 'IMG_2041.JPG', type = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type });

describe('resizeImage', () => {
  it('redraws a photo wider than the largest kept width at that width, as it is shown, in WebP', async () => {
    const browser = fakeImageDecoding({ width: 4032, height: 3024 });
    const file = photo();
    const resized = await resizeImage(file, 1280);
    expect(browser.decode).toHaveBeenCalledWith(file, { imageOrientation: 'from-image' });
    expect(browser.context.drawImage).toHaveBeenCalledWith(expect.anything(), 0, 0, 1280, 960);
    expect(browser.encoded).toEqual([{ type: 'image/webp', quality: 0.9, width: 1280, height: 960 }]);
    expect(resized).toMatchObject({ name: 'IMG_2041.webp', type: 'image/webp', size: 1000 });
    expect(browser.close).toHaveBeenCalled();
  });

  it("keeps a portrait photo's orientation: its height follows the width it is shown at", async () => {
    // A phone's portrait photo is stored landscape with an EXIF turn; decoded 'from-image' it is 3024 wide.
    const browser = fakeImageDecoding({ width: 3024, height: 4032 });
    await resizeImage(photo(), 1280);
    expect(browser.encoded[0]).toMatchObject({ width: 1280, height: 1707 });
  });

  it('never makes a photo larger: one at or under the width is sent untouched', async () => {
    const browser = fakeImageDecoding({ width: 1280, height: 720 });
    const file = photo(900_000);
    expect(await resizeImage(file, 1280)).toBe(file);
    expect(browser.encoded).toEqual([]);
  });

  it('writes JPEG on white where the browser cannot write WebP', async () => {
    const browser = fakeImageDecoding({ width: 2000, height: 1000, writes: ['image/jpeg'] });
    const resized = await resizeImage(photo(3_000_000, 'tile.png', 'image/png'), 1280);
    expect(browser.encoded.map(({ type }) => type)).toEqual(['image/webp', 'image/jpeg']);
    expect(browser.context.fillStyle).toBe('#ffffff');
    expect(browser.context.globalCompositeOperation).toBe('destination-over');
    expect(resized).toMatchObject({ name: 'tile.jpg', type: 'image/jpeg' });
  });

  it('sends the original when the copy would not be smaller', async () => {
    fakeImageDecoding({ width: 2000, height: 1000, bytes: 5000 });
    const file = photo(4000);
    expect(await resizeImage(file, 1280)).toBe(file);
  });

  it('sends what it cannot decode as it is, for the server to judge', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () =>
        Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError')),
      ),
    );
    const file = photo();
    expect(await resizeImage(file, 1280)).toBe(file);
  });

  it('sends the file as it is where the browser has no image decoder', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const file = photo();
    expect(await resizeImage(file, 1280)).toBe(file);
  });
});
