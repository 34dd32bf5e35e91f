// Pluggable e-mail delivery for the outbox. With EMAIL_API_URL set, messages go to an HTTP e-mail
// API (a JSON POST of {from, to, subject, text, headers?} with a bearer key, the shape Resend and similar
// services take); without it (locally), the "local" sender accepts every message, which stays
// stored in the outbox and visible on /modme/log.
import { logLine } from "@unbiased/worker-shared/http/trace";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** Headers beyond the usual ones (the digest's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface EmailSender {
  readonly name: "http" | "local";
  send(email: OutgoingEmail): Promise<void>;
}

export interface EmailConfig {
  EMAIL_API_URL?: string;
  EMAIL_API_KEY?: string;
  EMAIL_FROM?: string;
}

const DEFAULT_FROM = "Unbiased 24/7 <no-reply@unbiased247.example>";

export function httpEmailSender(
  config: Required<Pick<EmailConfig, "EMAIL_API_URL">> & EmailConfig,
  fetchImpl: typeof fetch = fetch,
): EmailSender {
  return {
    name: "http",
    async send(email) {
      const res = await fetchImpl(config.EMAIL_API_URL, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(config.EMAIL_API_KEY ? { authorization: `Bearer ${config.EMAIL_API_KEY}` } : {}),
        },
        body: JSON.stringify({
          from: config.EMAIL_FROM || DEFAULT_FROM,
          to: email.to,
          subject: email.subject,
          text: email.text,
          ...(email.headers ? { headers: email.headers } : {}),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`e-mail API answered HTTP ${res.status}`);
    },
  };
}

export const localEmailSender: EmailSender = {
  name: "local",
  async send(email) {
    // Kept in the outbox (visible on /modme/log); the log names no address (trace.ts's rule).
    logLine("info", { msg: "e-mail kept locally (no e-mail API configured)", subject: email.subject });
  },
};

/** `fetchImpl` lets a test stand in for the e-mail service (the worker under test never reaches the internet). */
export function emailSenderFor(config: EmailConfig, fetchImpl?: typeof fetch): EmailSender {
  return config.EMAIL_API_URL
    ? httpEmailSender({ ...config, EMAIL_API_URL: config.EMAIL_API_URL }, fetchImpl)
    : localEmailSender;
}
