// The secret scan's capture registry (issue 8). Every harness and test bed of a test file records
// here what it captured (the state as the engine would store it, the `__provider` texts, what a
// program registered, the provider hosts' stderr, progress lines, error messages) and every
// secret the run came to know (API tokens, the credentials and keys the simulator stored, the
// secret inputs and outputs of the state). test/support/secret-scan.ts scans it after the file.
//
// One registry per test file: vitest runs each file in a process of its own, and the setup file
// installs a fresh registry before the file's tests. It lives on globalThis, not in a module
// variable, because the Pulumi mock-monitor patch (capture-pulumi.ts) sits on a module that
// vitest does not isolate per file, and because a test may swap in a registry of its own
// (`withRegistry`) to plant secrets without failing its own file.
import { isSecretValue } from "../../scripts/engine/secrets";

/** Where a captured text came from. */
export type Channel =
  | "state"
  | "__provider"
  | "program registrations"
  | "stderr"
  | "progress"
  | "error";

export const CHANNELS: readonly Channel[] = [
  "state",
  "__provider",
  "program registrations",
  "stderr",
  "progress",
  "error",
];

/**
 * Secret values shorter than this are not searched for: a short value (a test's "abc", an empty
 * user data) cannot be told apart from ordinary text, and would flag innocent lines. The same
 * bound as test/engine/secrets.ts. Real secrets are far longer: simulator tokens 28 characters,
 * RBS passwords 24, PEM keys hundreds.
 */
export const MIN_SECRET_LENGTH = 8;

/**
 * A line of a multi-line secret (a PEM key) shorter than this is not searched for on its own: the
 * last line of a PEM body can be a few characters. Full 64-character body lines are searched, so
 * a message that echoes one line of a key is caught too.
 */
const MIN_LINE_LENGTH = 16;

/** PEM private key material, known to the run or not: the header followed by key data. */
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9 ]*PRIVATE KEY)-----(?:\\[rn]|\s)*[A-Za-z0-9+/=]{16}/g;

export interface Hit {
  readonly channel: Channel;
  /** Which harness or test bed captured the text. */
  readonly source: string;
  /** What the secret is ("API token", "RBS password"...); never the secret itself. */
  readonly secret: string;
  /** The place in the text, the secret replaced by its label and long tokens masked. */
  readonly excerpt: string;
}

export interface ChannelTotals {
  texts: number;
  bytes: number;
}

export interface ScanResult {
  readonly texts: number;
  readonly bytes: number;
  /** How many distinct secrets were searched for (those of MIN_SECRET_LENGTH or more). */
  readonly secrets: number;
  readonly byChannel: Record<Channel, ChannelTotals>;
  readonly hits: readonly Hit[];
}

/** Every string inside a value (secrets may be nested in objects or lists). */
export function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The value with every secret-wrapped part replaced by a marker, as the engine would seal it. */
export function withoutSecrets(value: unknown): unknown {
  if (isSecretValue(value)) return "[secret]";
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutSecrets(v)]));
  }
  return value;
}

/** The values of every secret-wrapped part of a value. */
export function wrappedSecrets(value: unknown): unknown[] {
  if (isSecretValue(value)) return [value.value];
  if (Array.isArray(value)) return value.flatMap(wrappedSecrets);
  if (typeof value === "object" && value !== null)
    return Object.values(value).flatMap(wrappedSecrets);
  return [];
}

/** What is searched for one secret: the value, as JSON escapes it, and each line of a PEM key. */
function fragments(secret: string): string[] {
  const found = new Set([secret, JSON.stringify(secret).slice(1, -1)]);
  // The state is JSON: a key's newlines are stored as "\n", so the raw value would never match.
  if (secret.includes("-----BEGIN")) {
    for (const line of secret.split(/\r?\n/)) {
      const text = line.trim();
      if (text.length >= MIN_LINE_LENGTH && !/^-----(BEGIN|END) /.test(text)) found.add(text);
    }
  }
  return [...found];
}

/**
 * An excerpt's context with long runs of token characters masked, so that no other secret shows
 * through; plain lowercase words ("authorization") stay readable.
 */
function masked(text: string): string {
  return text
    .replace(/[A-Za-z0-9+/=_-]{12,}/g, (run) => (/^[a-z-]+$/.test(run) ? run : "[…]"))
    .replace(/\s+/g, " ");
}

function excerpt(text: string, at: number, length: number, label: string): string {
  const before = masked(text.slice(Math.max(0, at - 40), at));
  const after = masked(text.slice(at + length, at + length + 40));
  return `${before}[${label}]${after}`;
}

export class CaptureRegistry {
  /** channel -> text -> the source that first captured it (equal texts are scanned once). */
  readonly #texts = new Map<Channel, Map<string, string>>();
  /** secret -> what it is. */
  readonly #secrets = new Map<string, string>();

  /** Records a captured text; empty texts are not counted. */
  addText(channel: Channel, source: string, text: string): void {
    if (text === "") return;
    let texts = this.#texts.get(channel);
    if (texts === undefined) {
      texts = new Map();
      this.#texts.set(channel, texts);
    }
    if (!texts.has(text)) texts.set(text, source);
  }

  /** Records every string of `value` (of MIN_SECRET_LENGTH or more) as a secret named `label`. */
  addSecret(label: string, value: unknown): void {
    for (const text of strings(value)) {
      if (text.length >= MIN_SECRET_LENGTH && !this.#secrets.has(text)) {
        this.#secrets.set(text, label);
      }
    }
  }

  /** The secrets known so far, with what each is. */
  get secrets(): ReadonlyMap<string, string> {
    return this.#secrets;
  }

  /** The texts captured so far on `channel`. */
  texts(channel: Channel): string[] {
    return [...(this.#texts.get(channel)?.keys() ?? [])];
  }

  /** Every captured text searched for every known secret and for PEM private key material. */
  scan(): ScanResult {
    const needles = [...this.#secrets].flatMap(([secret, label]) =>
      fragments(secret).map((fragment) => ({ secret, fragment, label })),
    );
    const byChannel = Object.fromEntries(
      CHANNELS.map((channel) => [channel, { texts: 0, bytes: 0 }]),
    ) as Record<Channel, ChannelTotals>;
    const hits: Hit[] = [];
    let texts = 0;
    let bytes = 0;
    for (const [channel, captured] of this.#texts) {
      for (const [text, source] of captured) {
        const size = Buffer.byteLength(text);
        texts += 1;
        bytes += size;
        byChannel[channel].texts += 1;
        byChannel[channel].bytes += size;
        // One hit per secret and text: a key found whole is not reported again line by line.
        const found = new Set<string>();
        for (const { secret, fragment, label } of needles) {
          if (found.has(secret)) continue;
          const at = text.indexOf(fragment);
          if (at >= 0) {
            found.add(secret);
            hits.push({
              channel,
              source,
              secret: label,
              excerpt: excerpt(text, at, fragment.length, label),
            });
          }
        }
        // Key material of a key the run knows is reported once, under the key's own name.
        const knownKey = [...found].some((secret) => secret.includes("-----BEGIN"));
        for (const match of knownKey ? [] : text.matchAll(PEM_PRIVATE_KEY)) {
          hits.push({
            channel,
            source,
            secret: `${match[1]} material (PEM)`,
            excerpt: excerpt(text, match.index, match[0].length, `${match[1]} material`),
          });
        }
      }
    }
    return { texts, bytes, secrets: this.#secrets.size, byChannel, hits };
  }
}

/** A failure message for hits: what leaked where, never the secret. */
export function hitReport(hits: readonly Hit[]): string {
  const lines = hits.map((h) => `- ${h.secret} in ${h.channel} (${h.source}): ${h.excerpt}`);
  return `secret scan: ${hits.length} secret(s) in captured output\n${lines.join("\n")}`;
}

const CURRENT = Symbol.for("pulumi-serverscom.secret-scan.registry");
type Holder = { [CURRENT]?: CaptureRegistry };

/** The registry captures go to now (a fresh one when no setup file installed any). */
export function currentRegistry(): CaptureRegistry {
  const holder = globalThis as Holder;
  holder[CURRENT] ??= new CaptureRegistry();
  return holder[CURRENT];
}

/** Makes `registry` the current one (the setup file, once per test file). */
export function installRegistry(registry: CaptureRegistry): void {
  (globalThis as Holder)[CURRENT] = registry;
}

/**
 * Runs `work` with captures going to `registry`, then restores the file's: for tests that plant
 * secrets on purpose. Harnesses and test beds keep the registry current when they were made.
 */
export async function withRegistry<T>(
  registry: CaptureRegistry,
  work: () => Promise<T>,
): Promise<T> {
  const previous = currentRegistry();
  installRegistry(registry);
  try {
    return await work();
  } finally {
    installRegistry(previous);
  }
}
