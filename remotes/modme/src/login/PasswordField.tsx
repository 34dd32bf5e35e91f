import Eye from "lucide-react/icons/eye";
import EyeOff from "lucide-react/icons/eye-off";
import { type Ref, useId, useState } from "react";

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Shown under the field and announced; also marks the field invalid. */
  error: string | null;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled password input with a show/hide toggle (a pressed/unpressed button, label unchanged). */
export function PasswordField({ value, onChange, error, disabled, inputRef }: PasswordFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [visible, setVisible] = useState(false);
  return (
    <div className="modme-gate__field">
      <label htmlFor={id}>Password</label>
      <div className="modme-password">
        <input
          ref={inputRef}
          id={id}
          className="ui-control"
          type={visible ? "text" : "password"}
          autoComplete="current-password"
          required
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="ui-icon-button"
          aria-label="Show password"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOff aria-hidden="true" size={18} /> : <Eye aria-hidden="true" size={18} />}
        </button>
      </div>
      {error && (
        <p id={errorId} className="modme-gate__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
