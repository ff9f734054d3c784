/**
 * A queue of one (item 12): each job starts when the one before it has finished, failed or not.
 * Decoding a 40-megapixel photo takes about 160 MB; eight at once took more than a gigabyte that
 * the process kept. One at a time per process keeps that to one photo's worth.
 */
export function oneAtATime(): <T>(job: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (job) => {
    const run = last.then(() => job());
    last = run.catch(() => undefined);
    return run;
  };
}
