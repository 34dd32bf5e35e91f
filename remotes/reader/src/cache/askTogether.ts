// Many cards ask the same kind of question in the same moment (their comment counts, the reader's
// votes, whether the reader saved them). One asker per kind gathers the questions of one task and
// answers them with batch calls of at most `max` ids each, in parallel. An id the answer leaves out,
// or whose batch failed, is rejected: each kind says what a failure shows.

interface Waiter<T> {
  resolve(value: T): void;
  reject(reason: unknown): void;
}

export function askTogether<T>(
  max: number,
  answer: (ids: string[]) => Promise<Map<string, T>>,
): (id: string) => Promise<T> {
  let waiting = new Map<string, Waiter<T>[]>();

  const answerChunk = async (batch: Map<string, Waiter<T>[]>, ids: string[]) => {
    let answers: Map<string, T> | null = null;
    let failure: unknown = null;
    try {
      answers = await answer(ids);
    } catch (error) {
      failure = error;
    }
    for (const id of ids)
      for (const waiter of batch.get(id) ?? []) {
        if (answers?.has(id)) waiter.resolve(answers.get(id) as T);
        else waiter.reject(failure ?? new Error(`No answer for ${id}`));
      }
  };

  const flush = async () => {
    const batch = waiting;
    waiting = new Map();
    const ids = [...batch.keys()];
    const chunks = Array.from({ length: Math.ceil(ids.length / max) }, (_, i) => ids.slice(i * max, (i + 1) * max));
    await Promise.all(chunks.map((chunk) => answerChunk(batch, chunk)));
  };

  return (id) =>
    new Promise<T>((resolve, reject) => {
      // The task's first question schedules the batch for the next task.
      if (waiting.size === 0) setTimeout(() => void flush(), 0);
      const list = waiting.get(id);
      if (list) list.push({ resolve, reject });
      else waiting.set(id, [{ resolve, reject }]);
    });
}
