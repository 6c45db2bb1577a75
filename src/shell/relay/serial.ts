/**
 * Runs tasks one at a time, in the order they were queued: the active GM's client handles Fray's
 * requests through one queue, so two requests about the same card (a double click, Apply then
 * Half, the author and the GM at once) never interleave their reads and writes. A task that throws
 * does not stop the queue.
 */
export class SerialQueue {
  #tail: Promise<unknown> = Promise.resolve();

  /** Queues `task`; resolves or rejects with its result once every earlier task has settled. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task, task);
    this.#tail = result.catch(() => undefined);
    return result;
  }
}
