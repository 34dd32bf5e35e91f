// /modme/login (spec §2 Staff routes, §5 Moderation login): the password gate that opens the 24 h
// ModMe session. A live session skips it.

import { Button, Link, Navigate, toast, useDocumentTitle, useNavigate } from "@unbiased/web-shared";
import { hasAdminSession, storeAdminSession } from "@unbiased/web-shared/admin";
import ArrowLeft from "lucide-react/icons/arrow-left";
import { type FormEvent, useRef, useState } from "react";
import { PAGE_FRAMES } from "../frame/pageFrames.ts";
import { openModmeSession } from "./modmeGate.ts";
import { PasswordField } from "./PasswordField.tsx";

export function ModmeLoginPage() {
  useDocumentTitle(PAGE_FRAMES.login.title);
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  if (hasAdminSession()) return <Navigate to="/modme/comments" replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const { adminToken } = await openModmeSession(password);
      storeAdminSession(adminToken);
      toast.success("Moderation access granted!");
      navigate("/modme/comments", { replace: true });
    } catch (failure) {
      // The server's words: 'Incorrect password', the role refusal, or the too-many-tries limit.
      setError(failure instanceof Error ? failure.message : "Incorrect password");
      setPassword("");
      setSubmitting(false);
      // After the re-render that re-enables the input.
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  };

  return (
    <section className="modme-gate" aria-labelledby="modme-gate-title">
      <h1 id="modme-gate-title">{PAGE_FRAMES.login.title}</h1>
      <p className="ui-page__note">{PAGE_FRAMES.login.note}</p>
      <form className="modme-gate__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          value={password}
          onChange={setPassword}
          error={error}
          disabled={submitting}
          inputRef={inputRef}
        />
        <Button type="submit" variant="primary" disabled={submitting || password === ""}>
          {submitting ? "Checking…" : "Enter ModMe"}
        </Button>
      </form>
      <p>
        <Link to="/" className="modme-back">
          <ArrowLeft aria-hidden="true" size={16} /> Back to Home
        </Link>
      </p>
    </section>
  );
}
