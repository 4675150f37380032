import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Catches a render error below it and shows `fallback(error)` instead, so one broken panel never takes
 * the board down. `resetKey` changes (e.g. a new config) try again.
 */
export class ErrorBoundary extends Component<
  { fallback: (error: Error) => ReactNode; resetKey?: unknown; children: ReactNode },
  { error: Error | null; key: unknown }
> {
  state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<{ error: Error }> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: { resetKey?: unknown }, state: { error: Error | null; key: unknown }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('panel crashed', error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
