// The bearer token lives in localStorage under the spec's key `token` (spec §3 local settings).
const TOKEN_KEY = "token";

export function readToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
