// The in-place update of a dedicated server, in steps with waits between them (kind.ts,
// UpdateContext): title and labels; features off; the standalone flow's script; features on; a
// reinstall; SSH keys; a reboot. Every step is decided from the live record, not from the old
// state, so an update that failed half-way resumes where the server is on the next `pulumi up`.
// Refusals before or between steps are plain errors (the state keeps the old outputs); a wait
// that fails records what the server became (the framework's partial update).
import type { DedicatedServerUpdateBody } from "../../sdk/areas/dedicated-servers";
import type { ServersComClient } from "../../sdk/client";
import { ConflictError, PreconditionFailedError } from "../../sdk/core/errors";
import type { PropertyBag } from "../framework/check";
import { messageOf } from "../framework/errors";
import type { UpdateContext } from "../framework/kind";
import { UpdateRefused } from "../framework/kind-provider";
import { rebootAndWait, rebootRequested } from "../framework/reboot-trigger";
import { reinstallConsented, unconsentedReinstall } from "../framework/reinstall-trigger";
import { FEATURE_ON, FEATURE_UNUSABLE, isIpxeFeature } from "./features";
import { type DedicatedServerInputs, inputsOf, reinstallBody } from "./inputs";
import { unsupportedFeatures } from "./location";
import { type BootPlan, planBoot, REINSTALL_ERASES } from "./plan";
import { activeFeatures, type DedicatedServerLive, getDedicatedServer, isReady } from "./record";

type Context = UpdateContext<DedicatedServerLive>;

export async function updateDedicatedServer(
  client: ServersComClient,
  id: string,
  changes: PropertyBag,
  labels: Record<string, string> | undefined,
  context: Context,
): Promise<DedicatedServerLive> {
  const inputs = inputsOf(context.news);
  const start = context.record;
  const details = start.server.configuration_details;
  const plan = planBoot(
    {
      features: activeFeatures(start) ?? [],
      operatingSystemId: details === undefined ? undefined : details.operating_system_id,
      ipxeConfig: start.server.ipxe_config ?? null,
    },
    inputs,
  );
  // Before anything changes: a reinstall the program did not confirm (check refuses it when the
  // inputs change; this catches a server changed outside Pulumi).
  if (plan.reinstall && !reinstallConsented(changes)) {
    const running = details?.operating_system_id;
    throw new UpdateRefused(
      unconsentedReinstall(
        "dedicated server",
        `operatingSystemId: the server runs ${JSON.stringify(running)}, the program declares ` +
          JSON.stringify(inputs.operatingSystemId),
        REINSTALL_ERASES,
      ),
    );
  }
  // Before anything changes: a feature the location does not offer is refused here, clearly.
  const unsupported = await unsupportedFeatures(client, start.server.location_id, plan.activate);
  if (unsupported !== undefined) throw new UpdateRefused(`features: ${unsupported}`);

  let live = await putTitleAndLabels(client, id, start, inputs, labels);
  live = await applyBootPlan(client, id, live, inputs, plan, context);
  live = await reconcileSshKeys(client, id, live, inputs);
  live = await rebootIfAsked(client, id, live, inputs, changes, plan, context);
  const final = await getDedicatedServer(client, id);
  if (final === undefined) throw new Error("the dedicated server disappeared during the update");
  return final;
}

/** One PUT for the host name (the record's title) and the labels (the whole set). */
async function putTitleAndLabels(
  client: ServersComClient,
  id: string,
  live: DedicatedServerLive,
  inputs: DedicatedServerInputs,
  labels: Record<string, string> | undefined,
): Promise<DedicatedServerLive> {
  const body: DedicatedServerUpdateBody = {
    ...(inputs.hostname === live.server.title ? {} : { title: inputs.hostname }),
    ...(labels === undefined ? {} : { labels }),
  };
  if (Object.keys(body).length === 0) return live;
  return { ...live, server: await client.dedicatedServers.update(id, body) };
}

async function applyBootPlan(
  client: ServersComClient,
  id: string,
  start: DedicatedServerLive,
  inputs: DedicatedServerInputs,
  plan: BootPlan,
  context: Context,
): Promise<DedicatedServerLive> {
  const api = client.dedicatedServers;
  let live = start;
  if (plan.deactivate.length > 0) {
    for (const name of plan.deactivate) {
      await refusedAs(`features: the service refused to deactivate ${name}`, () =>
        api.deactivateFeature(id, name),
      );
    }
    live = await context.waitUntil({
      description: `to deactivate ${plan.deactivate.join(", ")}`,
      isDone: (record) => plan.deactivate.every((name) => isOff(record, name)),
      state: featureStates(plan.deactivate),
    });
  }
  if (plan.ipxeConfig !== undefined) {
    const server = await api.update(id, { ipxe_config: plan.ipxeConfig });
    live = { ...live, server };
  }
  if (plan.activate.length > 0) {
    for (const name of plan.activate) {
      await refusedAs(activationRefusal(name), () => api.activateFeature(id, name));
    }
    live = await context.waitUntil({
      description: `to activate ${plan.activate.join(", ")}`,
      isDone: (record) => plan.activate.every((name) => record.features?.[name] === "activated"),
      state: featureStates(plan.activate),
      failure: (record) => unusable(record, plan.activate),
    });
  }
  if (plan.reinstall) {
    const system =
      inputs.operatingSystemId === null
        ? "no operating system: iPXE Boot"
        : `operating system ${inputs.operatingSystemId}`;
    context.say(`reinstalling with ${system}`);
    await refusedAs("operatingSystemId: the service refused the reinstall", () =>
      api.reinstall(id, reinstallBody(inputs)),
    );
    live = await context.waitUntil({
      description: "to finish the reinstall",
      isDone: isReady,
    });
  }
  return live;
}

/** The declared keys are the complete set: missing ones are attached, others detached. */
async function reconcileSshKeys(
  client: ServersComClient,
  id: string,
  live: DedicatedServerLive,
  inputs: DedicatedServerInputs,
): Promise<DedicatedServerLive> {
  const attached = live.sshKeyFingerprints;
  if (attached === undefined) return live;
  const wanted = [...new Set(inputs.sshKeyFingerprints ?? [])];
  const missing = wanted.filter((fingerprint) => !attached.includes(fingerprint));
  const extra = attached.filter((fingerprint) => !wanted.includes(fingerprint));
  if (missing.length > 0) await client.dedicatedServers.attachSshKeys(id, missing);
  for (const fingerprint of extra) await client.dedicatedServers.detachSshKey(id, fingerprint);
  if (missing.length === 0 && extra.length === 0) return live;
  return { ...live, sshKeyFingerprints: [...wanted].sort() };
}

/**
 * A changed rebootTrigger reboots; so does a new iPXE script or feature when rebootOnIpxeChange
 * is set (one reboot for both). Otherwise a new script waits for the user's reboot: say so once.
 */
async function rebootIfAsked(
  client: ServersComClient,
  id: string,
  live: DedicatedServerLive,
  inputs: DedicatedServerInputs,
  changes: PropertyBag,
  plan: BootPlan,
  context: Context,
): Promise<DedicatedServerLive> {
  const triggered = rebootRequested(changes);
  const forIpxe = plan.ipxeChanged && inputs.rebootOnIpxeChange === true;
  if (triggered || forIpxe) {
    return rebootAndWait(context, {
      reason: triggered
        ? "rebootTrigger changed"
        : "rebootOnIpxeChange: the new iPXE script applies at boot",
      reboot: () =>
        refusedAs("the service refused the reboot", () => client.dedicatedServers.reboot(id)),
      isBack: isReady,
    });
  }
  if (plan.ipxeChanged) {
    context.say(
      "the new iPXE Boot script applies at the next boot: reboot the server for it to take " +
        "effect (or set rebootOnIpxeChange: true to let Pulumi reboot it)",
    );
  }
  return live;
}

function isOff(record: DedicatedServerLive, name: string): boolean {
  if (record.features === undefined) return false;
  // A feature the server does not list is not on either.
  const status = record.features[name];
  return status === undefined || (!FEATURE_ON.includes(status) && status !== "deactivation");
}

function unusable(record: DedicatedServerLive, names: readonly string[]): string | undefined {
  const name = names.find((n) => FEATURE_UNUSABLE.includes(record.features?.[n] ?? ""));
  return name === undefined ? undefined : `${name} is ${record.features?.[name]} on this server`;
}

/** Progress lines of a feature wait: the statuses of the features concerned. */
function featureStates(names: readonly string[]): (record: DedicatedServerLive) => string {
  return (record) =>
    names.map((name) => `${name} ${record.features?.[name] ?? "unknown"}`).join(", ");
}

function activationRefusal(name: string): string {
  const why = isIpxeFeature(name)
    ? " (iPXE Boot is unavailable while a creation or reinstall is in progress, and " +
      "incompatible with L2 segments, the firewall and rescue mode: restrictions 3 and 5)"
    : "";
  return `features: the service refused to activate ${name}${why}`;
}

/**
 * A 409 is the server's state speaking (an install in progress, an L2 segment, a power
 * operation): said with what was being done, and kept a refusal so the state stays as it was.
 * Other errors pass unchanged (other 4xx are already rejections; 5xx and waits are the
 * framework's).
 */
async function refusedAs<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ConflictError || error instanceof PreconditionFailedError) {
      throw new UpdateRefused(`${what}: ${messageOf(error)}`, { cause: error });
    }
    throw error;
  }
}
