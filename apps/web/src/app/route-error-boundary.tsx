import { Component, lazy, Suspense, type ReactNode } from 'react';

// Loaded only when something has gone wrong, so the start-up bundle does not carry it.
const RouteErrorPage = lazy(() => import('./route-error-page').then((module) => ({ default: module.RouteErrorPage })));

interface Props {
  /** The page's URL: when it changes, an error shown for the previous page goes away. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  /** Wrapped, so that a thrown `undefined` still counts as an error. */
  caught: { error: unknown } | null;
  resetKey: string;
}

/**
 * Spec section 2: an unexpected error while showing a page shows the 'Oops!' page in its place; navigating to another
 * URL starts afresh. (Not a remount by key: that would show the loading fallback again on every navigation.)
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { caught: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { caught: null, resetKey: props.resetKey };
  }

  override render() {
    if (!this.state.caught) return this.props.children;
    return (
      <Suspense fallback={null}>
        <RouteErrorPage error={this.state.caught.error} />
      </Suspense>
    );
  }
}
