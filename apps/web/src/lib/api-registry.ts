import type { Middleware, Reducer } from '@reduxjs/toolkit';

/**
 * The server-data cache (RTK Query) is not part of the start-up bundle: it registers itself here when the first
 * page that needs it loads, and every store created by the app layer picks it up. This keeps the landing page's
 * initial JavaScript small (see docs/decisions).
 */
export interface InjectableApi {
  reducerPath: 'api';
  reducer: Reducer;
  middleware: Middleware[];
}

let registered: InjectableApi | null = null;
const injectors = new Set<(api: InjectableApi) => void>();

export function registerApi(api: InjectableApi): void {
  registered = api;
  injectors.forEach((inject) => inject(api));
}

export function onApiRegistered(inject: (api: InjectableApi) => void): () => void {
  injectors.add(inject);
  if (registered) inject(registered);
  return () => injectors.delete(inject);
}
