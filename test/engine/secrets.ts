// The check after every engine step: no secret in anything Pulumi would store or show.
import { expect } from "vitest";
import { EngineHarness } from "../../scripts/engine/harness";
import type { Simulator } from "../../simulator";

/** Secret values too short to be told apart from ordinary text are not searched for. */
const MIN_SECRET_LENGTH = 8;

/** Every string inside a value (secrets may be nested in objects or lists). */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/**
 * The stored state (secrets sealed) and every line the provider printed contain neither the API
 * token, nor any secret input or output of a stored resource, nor the `known` secrets (taken from
 * the simulator: RBS passwords, certificate private keys).
 */
export function expectNoSecrets(
  harness: EngineHarness,
  sim: Simulator,
  known: readonly string[] = [],
): void {
  const secrets = new Set([sim.token, ...known]);
  for (const resource of harness.state.values()) {
    for (const key of EngineHarness.secretOutputs(resource)) {
      for (const text of strings(resource.outputs[key])) secrets.add(text);
    }
    for (const key of resource.secretInputs) {
      for (const text of strings(resource.inputs[key])) secrets.add(text);
    }
  }
  const texts = [harness.stateText(), ...harness.stderr];
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    // The state is JSON: a secret with a newline (a private key) is stored escaped.
    const escaped = JSON.stringify(secret).slice(1, -1);
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(escaped);
    }
  }
}
