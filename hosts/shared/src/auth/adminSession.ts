// The ModMe session (spec §3 local settings, §4 "Admin session"): the admin token from the password
// gate and the time it was issued. Signing out ends it too, so ending it is here, in what every page
// loads; starting and reading it are ModMe's alone (adminGate.ts, in web-shared's admin module).
export const ADMIN_TOKEN_KEY = "adminToken";
export const ADMIN_LOGIN_TIME_KEY = "adminLoginTime";

export function clearAdminSession(): void {
  localStorage.removeItem(ADMIN_TOKEN_KEY);
  localStorage.removeItem(ADMIN_LOGIN_TIME_KEY);
}
