import { useLocation } from 'react-router';
import { SearchBar } from '@/features/search/search-bar';
import { RouteErrorPage, RouteErrorResponse } from './route-error-page';

/**
 * What React Router's data router shows for an unmatched URL (spec section 2), inside the header and footer, with a
 * search box of its own: on phones the header's is behind the menu.
 */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <RouteErrorPage
      error={new RouteErrorResponse(404, 'Not Found', `No route matches URL "${pathname}"`)}
      search={<SearchBar />}
    />
  );
}
