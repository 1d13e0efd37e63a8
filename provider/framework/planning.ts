// Check and diff: local, no API calls. The engine runs both in a preview too, maybe before any
// token is configured, and decides from diff alone between update, replace and nothing; so every
// input rule is checked here (a failure names the property) and every change the next `up` must
// make shows here (a pending create or update, a different object to adopt, a reinstall).
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { Checker, type PropertyBag } from "./check";
import { type DiffOutcome, desiredValue, diffProperties } from "./diff";
import { PENDING_OUTPUT, unrecordedOf } from "./hidden";
import type { KindCore } from "./kind-core";
import { ADOPT_INPUT } from "./kind-provider";
import { diffLost } from "./lost-create";
import { isPlaceholder } from "./placeholder";
import { defined, pick } from "./property-bags";
import { reinstallNotice } from "./reinstall-trigger";
import { isUnknown } from "./unknowns";

export function check<Live extends object>(
  core: KindCore<Live>,
  olds: PropertyBag,
  news: PropertyBag,
): dynamic.CheckResult {
  const checker = new Checker(news, olds);
  checker.hidden();
  checker.id(ADOPT_INPUT, false);
  core.kind.check(checker);
  return { inputs: news, failures: checker.failures };
}

export function diff<Live extends object>(
  core: KindCore<Live>,
  id: string,
  recorded: PropertyBag,
  news: PropertyBag,
): DiffOutcome {
  const { kind } = core;
  // Write-only values an import never recorded are taken as declared (hidden.ts).
  const olds = {
    ...recorded,
    ...pick(defined(core.writeOnlyOutputs(news)), unrecordedOf(recorded)),
  };
  // A lost create's placeholder that no Read resolved: replaced, or the user chooses. It records
  // the inputs, not an object: compared are the outputs they stand for (an SSH key's
  // fingerprint, of its public key; a default for an input left out), so that an unchanged
  // program shows no change but the lost create.
  if (isPlaceholder(id)) {
    const standIn = diffProperties(
      kind.properties,
      { ...olds, ...standInOutputs(kind, olds) },
      news,
    );
    return diffLost(core, id, olds, news, standIn);
  }
  const outcome = diffProperties(kind.properties, olds, news);
  // A reinstall erases a server: the preview says so in words (reinstall-trigger.ts).
  const reinstall =
    kind.reinstall === undefined || outcome.replaces.length > 0
      ? undefined
      : reinstallNotice(kind.reinstall, olds, news);
  if (reinstall !== undefined) core.say(news, id, reinstall);
  // An unfinished create or update (hidden.ts, PENDING_OUTPUT) is a change even after a
  // refresh cleared the engine's init errors: the next `up` updates, which resumes it.
  if (typeof olds[PENDING_OUTPUT] === "string" && outcome.replaces.length === 0) {
    return { ...outcome, changes: true };
  }
  // Naming a different object to adopt means managing that one instead: a replacement.
  const adopt = news[ADOPT_INPUT];
  if (isUnknown(adopt) || (typeof adopt === "string" && adopt !== id)) {
    return { ...outcome, changes: true, replaces: [...outcome.replaces, ADOPT_INPUT] };
  }
  return outcome;
}

/**
 * The outputs a placeholder's recorded inputs stand for: what the diff wants of them, each under
 * its output's name. Write-only values are recorded as they are compared already.
 */
function standInOutputs<Live extends object>(
  kind: KindCore<Live>["kind"],
  inputs: PropertyBag,
): PropertyBag {
  const outputs: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(kind.properties)) {
    if (rule.writeOnly === true) continue;
    const desired = desiredValue(name, rule, inputs);
    if (desired !== undefined) outputs[rule.output ?? name] = desired;
  }
  return outputs;
}
