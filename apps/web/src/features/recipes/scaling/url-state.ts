import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A reading choice kept in the address (`?servings=8`), so it survives a reload and a shared link, but changed
 * without a router navigation: the site's scroll restoration treats a new address as arriving on a new page and
 * would jump to the top at every click of a stepper. The entry is replaced with the router's own history state, so
 * Back and Forward still work; the component using this is keyed by the router's location, so a real navigation
 * (Back to another address) starts again from the URL.
 */
export function useUrlParam<T>(
  name: string,
  parse: (value: string | null) => T,
  write: (value: T) => string | null,
): [T, (value: T) => void] {
  const [searchParams] = useSearchParams();
  const [value, setValue] = useState(() => parse(searchParams.get(name)));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      const url = new URL(window.location.href);
      const text = write(next);
      if (text === null) url.searchParams.delete(name);
      else url.searchParams.set(name, text);
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    },
    [name, write],
  );
  return [value, update];
}
