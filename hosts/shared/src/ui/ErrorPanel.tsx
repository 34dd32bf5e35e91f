import CircleAlert from "lucide-react/icons/circle-alert";
import { Button } from "./Button.tsx";

export interface ErrorPanelProps {
  message: string;
  /** A second line saying more about the failure. */
  detail?: string;
  onRetry?: () => void;
  retryLabel?: string;
}

/** A failure the reader can act on: what went wrong and, when it can help, a Retry button. */
export function ErrorPanel({ message, detail, onRetry, retryLabel = "Retry" }: ErrorPanelProps) {
  return (
    <div className="ui-error-panel" role="alert">
      <CircleAlert aria-hidden="true" className="ui-error-panel__icon" />
      <p className="ui-error-panel__message">{message}</p>
      {detail && <p className="ui-error-panel__detail">{detail}</p>}
      {onRetry && (
        <Button variant="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
