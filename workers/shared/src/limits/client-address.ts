// The caller's address for per-client limits: Cloudflare's CF-Connecting-IP when deployed. Locally
// (wrangler dev, tests) there is none, so every local caller shares one bucket.
export const clientAddress = (req: Request) => req.headers.get("CF-Connecting-IP") ?? "local";
