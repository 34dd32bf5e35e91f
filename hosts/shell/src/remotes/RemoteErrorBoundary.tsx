import { ErrorPanel } from "@unbiased/web-shared";
import { Component, type ReactNode } from "react";

interface Props {
  onRetry: () => void;
  /** When this changes (the reader navigated), a previous failure is forgotten. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Turns a remote that fails to load (or crashes) into a message with a working Retry. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) {
      return <ErrorPanel message="This section could not be loaded." onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
