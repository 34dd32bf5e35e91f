#!/usr/bin/env bash
# Starts `npm start` on a spare port with its own state folder, waits until / serves a page with the reader's server-rendered part and
# /api/articles returns at least 20 articles, prints how long that took, and stops it.
set -euo pipefail
port=${SMOKE_PORT:-8788}
state=$(mktemp -d)
log=$(mktemp)
start=$(date +%s)
PORT=$port PERSIST_TO=$state timeout 150 npm start >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$state" "$log"; }
trap cleanup EXIT
for _ in $(seq 1 180); do
  count=$(curl -fsS "http://127.0.0.1:$port/api/articles" 2>/dev/null | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{try{console.log(JSON.parse(s).data.length)}catch{console.log(0)}})' || true)
  if [ "${count:-0}" -ge 20 ] && curl -fsS "http://127.0.0.1:$port/" | grep -Eq '<div id="remote-root"[^>]* data-owner="reader"[^>]* data-rendered="hydrate"'; then
    echo "npm start: / and /api/articles ($count articles) answered after $(( $(date +%s) - start )) s"
    exit 0
  fi
  kill -0 "$pid" 2>/dev/null || { echo "npm start exited early:"; cat "$log"; exit 1; }
  sleep 0.5
done
echo "npm start did not serve the feed within 90 s:"; cat "$log"; exit 1
