import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The built server the tests start; CLUSTER_SERVER_MAIN points them at another build (to see a test fail on it). */
export const serverMain =
  process.env.CLUSTER_SERVER_MAIN ?? path.join(repositoryRoot, 'apps', 'server', 'dist', 'main.js');
