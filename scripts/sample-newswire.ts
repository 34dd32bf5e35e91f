// Fills a freshly started local stack through the real pipeline: asks the ingest worker to poll its
// sources now (cron never fires under `wrangler dev`), which locally means the sample newswire the
// stack itself serves, then waits until every queued job has finished. The same request polls again
// later: `curl -X POST http://127.0.0.1:8787/newswire/poll`.
interface JobCounts {
  pending: number;
  processing: number;
  completed: number;
  failed: number;
  total: number;
}

export interface IngestReport {
  seconds: number;
  jobs: JobCounts;
  articles: number;
}

async function jobCounts(url: string, since: number): Promise<JobCounts> {
  const res = await fetch(`${url}/newswire/status?since=${since}`);
  if (!res.ok) throw new Error(`GET /newswire/status answered ${res.status}`);
  return ((await res.json()) as { data: { jobs: JobCounts } }).data.jobs;
}

async function articleCount(url: string): Promise<number> {
  // The search-free way to count: the "all" period, one page of the largest size, then hasNext pages.
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/articles?period=all&limit=50&page=${page}`);
    const body = (await res.json()) as { data: unknown[]; pagination: { hasNext: boolean } };
    total += body.data.length;
    if (!body.pagination.hasNext) return total;
  }
}

export async function ingestSampleNewswire(
  url: string,
  options: { timeoutMs: number; log?: (line: string) => void },
): Promise<IngestReport> {
  const started = performance.now();
  // Jobs a killed earlier run left pending (local queues do not survive a restart) stay out of the count.
  const since = Date.now() - 1000;
  const poll = await fetch(`${url}/newswire/poll`, { method: "POST" });
  if (poll.status !== 202) throw new Error(`POST /newswire/poll answered ${poll.status}: ${await poll.text()}`);
  const deadline = Date.now() + options.timeoutMs;
  let lastLine = "";
  for (;;) {
    const jobs = await jobCounts(url, since);
    // The poll job itself counts: once it has completed and nothing is pending or processing, every
    // article job it queued has finished too.
    if (jobs.completed > 0 && jobs.pending === 0 && jobs.processing === 0) {
      return { seconds: (performance.now() - started) / 1000, jobs, articles: await articleCount(url) };
    }
    const line = `ingesting the sample newswire: ${jobs.completed} of ${jobs.total} jobs done`;
    if (options.log && line !== lastLine && jobs.total > 1) options.log(line);
    lastLine = line;
    if (Date.now() > deadline)
      throw new Error(
        `the sample newswire was not ingested within ${options.timeoutMs / 1000} s (${JSON.stringify(jobs)})`,
      );
    await new Promise((r) => setTimeout(r, 500));
  }
}
