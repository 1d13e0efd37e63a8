// What a call throws or a promise rejects with, for tests that check an error's class and fields:
// a call that returns (a promise that resolves) instead fails the test here, so no check of the
// error is ever skipped.

/** The reason `promise` rejects with; throws when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, the call succeeded");
}

/** What `call` throws; throws when it returns. */
export function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error("expected the call to throw, it returned");
}
