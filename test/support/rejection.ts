// What a promise rejects with, for tests that check an error's class and fields: a promise that
// resolves instead fails the test here, so no check of the error is ever skipped.

/** The reason `promise` rejects with; throws when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection, the call succeeded");
}
