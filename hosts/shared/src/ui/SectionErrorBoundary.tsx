import { Component, type ReactNode } from "react";
import { RootReadyMark } from "../roots.ts";
import { ErrorPanel } from "./ErrorPanel.tsx";

interface Props {
  /** When this changes (the reader navigated), a previous failure is forgotten. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * A part of a page that fails to load (a chunk that cannot be fetched twice) or crashes becomes an
 * error panel with a working Retry, never a blank page.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) {
      return (
        <>
          <ErrorPanel message="This section could not be loaded." onRetry={() => window.location.reload()} />
          {/* The failed part is as ready as it will be: its held taps are let go. */}
          <RootReadyMark />
        </>
      );
    }
    return this.props.children;
  }
}
