import { readFileSync, readdirSync } from "node:fs";
import { summarize } from "./src/summarizer/index.ts";
const dir="/work/main/workers/api/sample-corpus/";
const now = Date.UTC(2026,10,22,12)/1000;
let n=0; const t0=Date.now(); let empties: Record<string, number> = {};
const step = Number(process.argv[2] ?? 9);
for (const f of readdirSync(dir).sort()) for (const a of JSON.parse(readFileSync(dir+f,"utf8")).articles) {
  const r = summarize({ title: a.title, body: a.body, publishedAt: Math.round(now - a.hoursAgo*3600) });
  for (const [k,v] of Object.entries(r.summary)) if (!v) empties[k]=(empties[k]??0)+1;
  if (n++ % step) continue;
  console.log("\n##", a.title, "|", a.hoursAgo, "h ago");
  console.log(" TLDR:", r.tldr, `(${r.tldr.split(/\s+/).length}w)`);
  for (const [k,v] of Object.entries(r.summary)) console.log(`  ${k}: ${v}`);
  console.log("  places:", r.places.slice(0,4).join(" | "));
}
console.log("\n", n, "articles in", Date.now()-t0, "ms; empty fields:", empties);
