import { readDemoImage } from '@forkful/demo-content';
import type { ImageKind, ImageService } from '../services/images.js';
import type { DemoPlan } from './demo-plan.js';

export interface StoredImage {
  kind: ImageKind;
  key: string;
}

/**
 * How many images are encoded at once. sharp runs each image on one thread (see services/images.ts), so
 * a small pool keeps both cores of a small machine busy without queueing dozens of 1280 px bitmaps in memory.
 */
const PARALLEL_IMAGES = 3;

/**
 * Stores every avatar and recipe photo of the plan through the real image pipeline, as if uploaded. Each stored
 * image is pushed onto `stored` at once, so the caller can remove them all if anything later fails.
 */
export async function storeDemoImages(
  images: ImageService,
  plan: DemoPlan,
  stored: StoredImage[],
): Promise<{ avatarKeys: Map<string, string>; photoKeys: Map<string, string> }> {
  const avatarKeys = new Map<string, string>();
  const photoKeys = new Map<string, string>();
  const jobs: Array<() => Promise<void>> = [];
  // Photos first: they are the slow ones, so the pool ends on quick avatars instead of one straggling photo.
  for (const recipe of plan.recipes) {
    const photo = recipe.photo;
    if (!photo) continue;
    jobs.push(async () => {
      const key = await images.store('recipe', await readDemoImage('photos', photo));
      stored.push({ kind: 'recipe', key });
      photoKeys.set(recipe.id, key);
    });
  }
  for (const user of plan.users) {
    const avatar = user.avatar;
    if (!avatar) continue;
    jobs.push(async () => {
      const key = await images.store('avatar', await readDemoImage('avatars', avatar));
      stored.push({ kind: 'avatar', key });
      avatarKeys.set(user.id, key);
    });
  }
  await runPool(jobs, PARALLEL_IMAGES);
  return { avatarKeys, photoKeys };
}

/** Runs jobs `size` at a time; after a failure no new job starts, and the first error is thrown once all settle. */
async function runPool(jobs: Array<() => Promise<void>>, size: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (!failure && next < jobs.length) {
      const job = jobs[next++];
      try {
        await job?.();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, jobs.length) }, worker));
  if (failure) throw failure.error;
}

export async function removeDemoImages(images: ImageService, stored: StoredImage[]): Promise<void> {
  await Promise.allSettled(stored.map((image) => images.remove(image.kind, image.key)));
}
