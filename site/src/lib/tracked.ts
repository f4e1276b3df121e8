/** A promise carrying its outcome in the fields React's `use()` reads (`status`, `value`),
 * so `use()` returns at once, without suspending, once it has settled. Always calling `use()`
 * with the same object keeps the hook order React expects. */
export type Tracked<T> = Promise<T>;

type Fields<T> = { status?: "pending" | "fulfilled" | "rejected"; value?: T; reason?: unknown };

export function tracked<T>(promise: Promise<T>): Tracked<T> {
  const fields = promise as Promise<T> & Fields<T>;
  fields.status = "pending";
  promise.then(
    (value) => {
      fields.status = "fulfilled";
      fields.value = value;
    },
    (reason: unknown) => {
      fields.status = "rejected";
      fields.reason = reason;
    },
  );
  return promise;
}

/** An already settled promise that `use()` reads synchronously. */
export function fulfilled<T>(value: T): Tracked<T> {
  return Object.assign(Promise.resolve(value), { status: "fulfilled" as const, value });
}
