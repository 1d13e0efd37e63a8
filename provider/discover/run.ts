// `serverscom-discover` as a function: options checked before any request, the account read
// whole, then the output written at once. On any failure of the API midway nothing is written
// (stdout stays empty, --out's file is not created or replaced): a partial list would look
// complete. Exit codes: 0 done, 1 the API failed, 2 a bad option or setting.
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { ServersComClient } from "../../sdk/client";
import { AuthenticationError, PermissionDeniedError } from "../../sdk/core/errors";
import type { ClientOptions } from "../../sdk/core/transport";
import { resolveSettings, TOKEN_ENV, URL_ENV } from "../framework/configuration";
import { Account, mapLimit } from "./account";
import { discover, type Entry } from "./discover";
import { KIND_NAMES } from "./kinds";
import { parseOptions, USAGE, UsageError } from "./options";
import { configCommand, importFile, typescriptProgram } from "./write";

export interface RunContext {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (line: string) => void;
  /** Milliseconds, for the progress lines' pace (tests pass their own). */
  readonly now?: () => number;
  /** Client settings besides the token and address (tests: no retries). */
  readonly client?: Pick<ClientOptions, "maxRetries">;
}

const PREFIX = "serverscom-discover";
/** Progress of one long step at most this often. */
const PROGRESS_EVERY_MS = 2_000;
/** Live values read at once for --typescript. */
const CONCURRENCY = 8;

/** The API's address without any credentials in it: it is printed. */
function shown(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname === "/" ? "" : parsed.pathname}`;
}

function hint(error: unknown): string | undefined {
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    return `check the token in ${TOKEN_ENV}`;
  }
  return undefined;
}

export async function runDiscover(argv: readonly string[], context: RunContext): Promise<number> {
  const say = (line: string) => context.stderr(`${PREFIX}: ${line}`);
  const now = context.now ?? Date.now;
  let options: ReturnType<typeof parseOptions>;
  let settings: ReturnType<typeof resolveSettings>;
  try {
    options = parseOptions(argv);
    if (options.help) {
      context.stdout(USAGE);
      return 0;
    }
    settings = resolveSettings({}, context.env);
  } catch (error) {
    const message = (error as Error).message.replace(/^serverscom: /, "");
    // The provider's wording names the stack setting too: here only the environment applies.
    say(
      error instanceof UsageError
        ? message
        : message.replace(/Set it with `pulumi config set[^`]*` or the/, "Set the"),
    );
    return 2;
  }

  const client = new ServersComClient({
    token: settings.token,
    baseUrl: settings.url,
    errorHint: (error) => hint(error),
    ...context.client,
  });
  const started = now();
  try {
    say(
      `listing ${options.kinds.length === KIND_NAMES.length ? "every kind" : options.kinds.join(", ")} at ${shown(settings.url)}`,
    );
    let said = now();
    const account = new Account(
      client,
      (what, count) => say(`listed ${count} ${what}`),
      (what, done, total) => {
        if (done === total || now() - said < PROGRESS_EVERY_MS) return;
        said = now();
        say(`reading ${what}: ${done} of ${total} done`);
      },
    );
    const result = await discover(account, options);

    let text: string;
    if (options.typescript) {
      const inputs = new Map<Entry, Record<string, unknown>>();
      let done = 0;
      await mapLimit(result.entries, CONCURRENCY, async (entry) => {
        inputs.set(entry, await entry.liveInputs());
        done++;
        if (now() - said >= PROGRESS_EVERY_MS) {
          said = now();
          say(`read the live values of ${done} of ${result.entries.length} objects`);
        }
      });
      text = typescriptProgram(result.entries, inputs);
    } else {
      text = importFile(result.entries);
    }

    for (const s of result.skipped) {
      say(`left out ${s.kind} ${s.id} (${s.words}): ${s.reason}`);
    }
    for (const e of result.entries) {
      if (e.additions.length === 0) continue;
      const what = e.additions.map((a) =>
        options.typescript
          ? configCommand(e.name, a)
          : `${a.property} (${a.what}${a.required ? "" : "; optional"})`,
      );
      say(
        options.typescript
          ? `${e.name} (${e.kind} ${e.id}) reads from the stack configuration: ${what.join("; ")}`
          : `${e.name} (${e.kind} ${e.id}): add to the generated code ${what.join(", ")}: the API never returns it`,
      );
    }
    const summary = KIND_NAMES.flatMap((kind) => {
      const c = result.counts[kind];
      if (c === undefined || c.found === 0) return [];
      const extra = [
        ...(c.skipped > 0 ? [`${c.skipped} left out`] : []),
        ...(c.filtered > 0 ? [`${c.filtered} filtered`] : []),
      ];
      return [`${kind} ${c.entries}${extra.length > 0 ? ` (${extra.join(", ")})` : ""}`];
    });
    say(
      `${result.entries.length} objects in ${((now() - started) / 1000).toFixed(1)} s` +
        `${summary.length > 0 ? `: ${summary.join(", ")}` : ""}`,
    );

    if (options.out === undefined) {
      context.stdout(text);
    } else {
      // Written beside the target and renamed: the file appears whole or not at all.
      const partial = `${options.out}.partial-${process.pid}`;
      try {
        writeFileSync(partial, text);
        renameSync(partial, options.out);
      } catch (error) {
        rmSync(partial, { force: true });
        throw error;
      }
      say(`wrote ${options.out}`);
    }
    return 0;
  } catch (error) {
    say(
      `stopped: ${(error as Error).message}. Nothing was written: a partial list would look ` +
        `complete. Run it again once the API answers (${URL_ENV} is ${shown(settings.url)}).`,
    );
    return 1;
  } finally {
    await client.close();
  }
}
