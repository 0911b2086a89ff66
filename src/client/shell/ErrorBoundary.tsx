import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

interface Props {
  /** Names the area in the log (home, admin, partner…). */
  area: string;
  children: ReactNode;
  /** Resets the boundary when it changes (e.g. the pathname), so navigating away recovers. */
  resetKey?: unknown;
}

interface State {
  error?: unknown;
  resetKey?: unknown;
}

/** One per area: a render error there shows the 500 page and leaves the rest of the app alive. */
export class AreaErrorBoundary extends Component<Props, State> {
  state: State = {};

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: undefined };
    return null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`[shell] render error in ${this.props.area}`, error, info.componentStack);
  }

  render() {
    if (this.state.error !== undefined) return <ErrorPage status={500} />;
    return this.props.children;
  }
}
