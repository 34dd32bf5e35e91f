// The service notice of the shell's build (federation/notices.ts): shown in the footer when set.
declare const __SERVICE_NOTICE__: string;

export const SERVICE_NOTICE: string = typeof __SERVICE_NOTICE__ === "string" ? __SERVICE_NOTICE__ : "";
