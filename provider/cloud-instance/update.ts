// The in-place update of a cloud instance: one PUT for name, backup copies, GPN, IPv6 and labels,
// and its own request and wait for each of: approving an upgrade that awaits confirmation, an
// upgrade to a new flavor, a reinstall from a new image (only with the program's consent:
// framework/reinstall-trigger.ts), a reboot.
//
// The framework repeats the whole update while the API refuses a step only for now (a locked
// instance, a region in maintenance: definition.ts, busy), so every step is decided from the
// live record read at the start, never from what an earlier attempt intended: a repeat skips
// what is already done.
import type { CloudInstance, CloudInstanceUpdateBody } from "../../sdk/areas/cloud-instances";
import { cloudInstanceStates } from "../../sdk/areas/cloud-instances";
import type { ServersComClient } from "../../sdk/client";
import { UnprocessableEntityError } from "../../sdk/core/errors";
import { stateMatcher } from "../../sdk/wait";
import type { PropertyBag } from "../framework/check";
import type { UpdateContext, UpdateWait } from "../framework/kind";
import { UpdateRefused } from "../framework/kind-provider";
import { subject } from "../framework/progress";
import { rebootAndWait, rebootRequested } from "../framework/reboot-trigger";
import { reinstallConsented, unconsentedReinstall } from "../framework/reinstall-trigger";

export const AWAITING_UPGRADE_CONFIRM = "AWAITING_UPGRADE_CONFIRM";
const ACTIVE = "ACTIVE";
const states = stateMatcher(cloudInstanceStates);

/** What a reinstall from another image erases (POST reinstall rewrites the instance's disk). */
export const REINSTALL_ERASES =
  "its disk: the operating system and every file on it (the id and addresses stay)";

/**
 * What happens after an upgrade: "approve" confirms it at once (POST approve_upgrade); "leave"
 * leaves the instance in AWAITING_UPGRADE_CONFIRM for someone to confirm or revert, which the API
 * does by itself after 72 hours.
 */
export const UPGRADE_CONFIRMATIONS = ["approve", "leave"] as const;
export type UpgradeConfirmation = (typeof UPGRADE_CONFIRMATIONS)[number];

/** The inputs as the provider receives them once check has passed. */
export interface CloudInstanceInputs {
  readonly regionId: number;
  readonly flavorId: string;
  readonly imageId: string;
  readonly name: string;
  readonly gpnEnabled?: boolean;
  /** Create only: false orders the instance without a public IPv4 address. */
  readonly ipv4Enabled?: boolean;
  readonly ipv6Enabled?: boolean;
  readonly sshKeyFingerprint?: string;
  readonly backupCopies?: number;
  readonly userData?: string;
  readonly labels?: Readonly<Record<string, string>>;
  readonly upgradeConfirmation?: UpgradeConfirmation;
  readonly rebootTrigger?: string;
  readonly reinstallTrigger?: string;
  readonly adoptId?: string;
}

/** "approve" is the default: an absent (or still unknown) input approves. */
export function wantsApproval(news: PropertyBag): boolean {
  return news.upgradeConfirmation !== "leave";
}

export async function updateCloudInstance(
  client: ServersComClient,
  id: string,
  changes: PropertyBag,
  labels: Record<string, string> | undefined,
  context: UpdateContext<CloudInstance>,
): Promise<CloudInstance> {
  const news = context.news as unknown as CloudInstanceInputs;
  const steps = new Steps(client, id, context);
  const approve = wantsApproval(context.news);
  let live = await client.cloudInstances.get(id);
  const upgradeTo = "flavorId" in changes && live.flavor_id !== news.flavorId ? news.flavorId : "";
  const reinstall = "imageId" in changes && live.image_id !== news.imageId;
  // Before anything changes: a reinstall the program did not confirm (check refuses it when the
  // inputs change; this catches an instance reinstalled outside Pulumi).
  if (reinstall && !reinstallConsented(changes)) {
    steps.refuse(
      unconsentedReinstall(
        "cloud instance",
        `imageId: the instance runs image ${JSON.stringify(live.image_id)}, the program ` +
          `declares ${JSON.stringify(news.imageId)}`,
        REINSTALL_ERASES,
      ),
    );
  }

  // An upgrade awaiting confirmation blocks every other action (they need ACTIVE).
  if (live.status === AWAITING_UPGRADE_CONFIRM) {
    if (approve) live = await steps.approveUpgrade();
    else if (upgradeTo !== "") steps.refuse(awaitingMessage(live, upgradeTo));
  }
  let restarted = false;
  // Upgrading first when it is approved: a refused upgrade (a smaller flavor) then changes nothing.
  if (upgradeTo !== "" && approve) {
    await steps.upgrade(live, upgradeTo);
    live = await steps.approveUpgrade();
    restarted = true;
  }
  if (reinstall) {
    live = await steps.reinstall(news.imageId);
    restarted = true;
  }
  const body = putBody(live, news, labels);
  if (body !== undefined) live = await client.cloudInstances.update(id, body);
  // Left awaiting confirmation, the instance refuses the other actions: so the upgrade comes last.
  if (upgradeTo !== "" && !approve) {
    live = await steps.upgrade(live, upgradeTo);
    restarted = true;
  }
  if (rebootRequested(changes)) {
    if (restarted) {
      context.say("rebootTrigger changed: no separate reboot, the instance has just restarted");
    } else {
      live = await steps.reboot();
    }
  }
  return live;
}

/** The PUT for the fields it changes, compared with the live record; undefined when none. */
function putBody(
  live: CloudInstance,
  news: CloudInstanceInputs,
  labels: Record<string, string> | undefined,
): CloudInstanceUpdateBody | undefined {
  const gpn = news.gpnEnabled ?? false;
  const ipv6 = news.ipv6Enabled ?? false;
  const copies = news.backupCopies ?? 0;
  const body: CloudInstanceUpdateBody = {
    // Sent even when the name is the only change (the Terraform provider drops that case).
    ...(live.name === news.name ? {} : { name: news.name }),
    ...(live.gpn_enabled === gpn ? {} : { gpn_enabled: gpn }),
    ...(live.ipv6_enabled === ipv6 ? {} : { ipv6_enabled: ipv6 }),
    ...(live.backup_copies === copies ? {} : { backup_copies: copies }),
    ...(labels === undefined ? {} : { labels }),
  };
  return Object.keys(body).length === 0 ? undefined : body;
}

function awaitingMessage(live: CloudInstance, flavorId: string): string {
  return (
    `flavorId: the instance still awaits confirmation of its upgrade to ${live.flavor_id}, so it ` +
    `cannot be upgraded to ${flavorId}. Confirm or revert that upgrade first (or set ` +
    'upgradeConfirmation to "approve"); the API confirms it by itself 72 hours after the upgrade'
  );
}

/**
 * The requests and waits of the steps. Each progress line follows the API's acceptance: while
 * the API refuses a step for now, the framework repeats the update, and a line printed before
 * the request would be printed again on every attempt.
 */
class Steps {
  constructor(
    private readonly client: ServersComClient,
    private readonly id: string,
    private readonly context: UpdateContext<CloudInstance>,
  ) {}

  async upgrade(live: CloudInstance, flavorId: string): Promise<CloudInstance> {
    try {
      await this.client.cloudInstances.upgrade(this.id, { flavor_id: flavorId });
    } catch (error) {
      const reason = error instanceof UnprocessableEntityError ? error.errors.flavor_id : undefined;
      if (reason === undefined) throw error;
      this.refuse(
        `flavorId: the API refuses to upgrade the instance from ${live.flavor_id} to ${flavorId}: ` +
          `${reason}. An instance can only be upgraded in place, to a larger flavor of its ` +
          `region. For a smaller flavor, keep ${live.flavor_id} or replace the instance ` +
          "(`pulumi up --replace <urn>`: a new instance, with a new disk and new addresses)",
      );
    }
    this.context.say(
      `upgrading from flavor ${live.flavor_id} to ${flavorId}: the instance is shut down for up to 10 minutes`,
    );
    return this.waitUntil({
      description: `to finish the upgrade to ${flavorId}`,
      // Ends at the confirmation question, or at ACTIVE if someone confirmed it meanwhile.
      isDone: (record) =>
        record.status === AWAITING_UPGRADE_CONFIRM ||
        (record.status === ACTIVE && record.flavor_id === flavorId),
    });
  }

  async approveUpgrade(): Promise<CloudInstance> {
    await this.client.cloudInstances.approveUpgrade(this.id);
    this.context.say('approving the upgrade (upgradeConfirmation is "approve")');
    return this.waitUntil({
      description: "to be active after approving the upgrade",
      isDone: (record) => record.status === ACTIVE,
    });
  }

  /** POST reinstall {image_id}: the disk is rewritten; the id and the addresses stay. */
  async reinstall(imageId: string): Promise<CloudInstance> {
    await this.client.cloudInstances.reinstall(this.id, { image_id: imageId });
    this.context.say(`reinstalling from image ${imageId}: the disk is erased, the addresses stay`);
    return this.waitUntil({
      description: `to be active after the reinstall from ${imageId}`,
      isDone: (record) => record.status === ACTIVE && record.image_id === imageId,
    });
  }

  /** The rebootTrigger's reboot (framework/reboot-trigger.ts). */
  reboot(): Promise<CloudInstance> {
    return rebootAndWait(this.context, {
      reason: "rebootTrigger changed",
      reboot: () => this.client.cloudInstances.reboot(this.id),
      isBack: (record) => record.status === ACTIVE,
      failure: failureOf,
    });
  }

  /** A change the API cannot make: a plain error, so the state keeps the old outputs. */
  refuse(reason: string): never {
    const name = typeof this.context.news.name === "string" ? this.context.news.name : "";
    throw new UpdateRefused(`${subject("CloudInstance", name, this.id)}: ${reason}`);
  }

  private waitUntil(wait: Omit<UpdateWait<CloudInstance>, "failure">): Promise<CloudInstance> {
    return this.context.waitUntil({
      ...wait,
      failure: failureOf,
    });
  }
}

function failureOf(record: CloudInstance): string | undefined {
  return states.isFailed(record.status) ? `status ${record.status}` : undefined;
}
