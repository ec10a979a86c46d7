import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';

export interface SectionFailure {
  /** What was thrown, as a sentence. */
  message: string;
  /** Renders the section again (after the cause was dealt with, or on the chance it was passing). */
  retry: () => void;
}

interface SectionBoundaryProps {
  /** What the section is, for the default fallback: "The conversation list". */
  name: string;
  /** A change of this value renders the section again (another conversation, another page). */
  resetKey?: unknown;
  /** What to show instead of the section; the default says what failed and offers Try again. */
  fallback?: (failure: SectionFailure) => ReactNode;
  children: ReactNode;
}

interface SectionBoundaryState {
  error: unknown;
  failed: boolean;
  resetKey: unknown;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  try {
    return String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

/**
 * Keeps a failure inside the part of the page it happened in: the rest (the navigation, the
 * conversation list, Settings) stays usable, so no saved record or server reply can make the whole
 * playground unreachable. React offers boundaries only as class components.
 */
export class SectionBoundary extends Component<SectionBoundaryProps, SectionBoundaryState> {
  override state: SectionBoundaryState = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<SectionBoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: SectionBoundaryProps,
    state: SectionBoundaryState,
  ): Partial<SectionBoundaryState> | null {
    // Another conversation or page is a fresh start: its section may well render.
    return Object.is(props.resetKey, state.resetKey)
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    // Kept in the console for a bug report; the page itself says what failed.
    console.error(`${this.props.name} failed:`, error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null, failed: false });

  override render() {
    if (!this.state.failed) return this.props.children;
    const failure: SectionFailure = { message: messageOf(this.state.error), retry: this.retry };
    return this.props.fallback ? (
      this.props.fallback(failure)
    ) : (
      <SectionFailed name={this.props.name} failure={failure} />
    );
  }
}

/** The default fallback: what failed, the error's words, and Try again. */
export function SectionFailed({
  name,
  failure,
  children,
}: {
  name: string;
  failure: SectionFailure;
  /** More ways out, after Try again. */
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-2 rounded border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">{name} could not be shown</p>
      <p className="break-words">{failure.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={failure.retry}>
          Try again
        </Button>
        {children}
      </div>
    </div>
  );
}
