import { render } from '@testing-library/react';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppRoutes } from '@/app/router';
import { createStore } from '@/app/store';
import { AuthBootstrap } from '@/features/auth/auth-bootstrap';

/** Where the router is, and its navigate, as the app last rendered them. */
interface Seen {
  location?: Location;
  navigate?: NavigateFunction;
}

function Spy({ onRender }: { onRender: (seen: Required<Seen>) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => onRender({ location, navigate }));
  return null;
}

/** The whole app (start-up check, layout, every route) at `url`, with a window on its router. */
export function renderApp(url: string) {
  const store = createStore();
  let seen: Seen = {};
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>
        <Spy
          onRender={(latest) => {
            seen = latest;
          }}
        />
        <AuthBootstrap>
          <AppRoutes />
        </AuthBootstrap>
      </MemoryRouter>
    </Provider>,
  );
  return { store, here: () => seen.location!, navigate: (delta: number) => seen.navigate!(delta) };
}
