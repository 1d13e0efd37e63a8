// DedicatedServer's input rules: shapes and whole numbers, the host name, labels, and the iPXE
// Boot restrictions the declaration can show (api-spec.md, "iPXE Boot": 1, 2, 4, 5, 6, 7).
// Every failure names the top-level property; nested paths go into the reason (check.ts says why).
import { InputValidationError } from "../../sdk/core/errors";
import { checkIpxeConfig } from "../../sdk/core/limits";
import { type Checker, cutShort, idIssue, MAX_USER_DATA_BYTES, shown } from "../framework/check";
import { checkRebootTrigger } from "../framework/reboot-trigger";
import { containsUnknown, isUnknown } from "../framework/unknowns";
import { ipxeFeatureConflicts, ipxeFeatureOf } from "./features";

type Bag = Readonly<Record<string, unknown>>;

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isWhole(value: unknown, min: number): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= min;
}

/** "must be a whole number from 1" style reasons for nested ids. */
function wholeIssue(path: string, value: unknown, min: number): string | undefined {
  if (isUnknown(value) || isWhole(value, min)) return undefined;
  return `${path} must be a whole number, at least ${min} (got ${shown(value)})`;
}

/** RFC 1123 host names, as the service's order validates `hosts[].hostname`. */
const HOSTNAME_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

function checkHostname(c: Checker): void {
  const hostname = c.string("hostname", true);
  if (hostname === undefined) return;
  if (hostname.length > 253 || !hostname.split(".").every((part) => HOSTNAME_LABEL.test(part))) {
    c.fail(
      "hostname",
      `hostname must be a valid host name: letters, digits and inner dashes, dot-separated parts ` +
        `of at most 63 characters, 253 in all (got ${shown(hostname)}). It defaults to ` +
        "the resource name: set hostname when the name is not one",
    );
  }
}

function checkUplinkModels(c: Checker): void {
  const value = c.news.uplinkModels;
  if (value === undefined || value === null) {
    c.fail(
      "uplinkModels",
      "uplinkModels is required: { private: { id }, public?: { id, bandwidthModelId } }",
    );
    return;
  }
  if (isUnknown(value)) return;
  if (!isBag(value)) {
    c.fail(
      "uplinkModels",
      "uplinkModels must be { private: { id }, public?: { id, bandwidthModelId } }",
    );
    return;
  }
  const issues: string[] = [];
  if (!isBag(value.private)) {
    if (!isUnknown(value.private)) issues.push("uplinkModels.private is required: { id }");
  } else {
    const issue = wholeIssue("uplinkModels.private.id", value.private.id, 1);
    if (issue !== undefined) issues.push(issue);
  }
  const publicUplink = value.public;
  if (publicUplink !== undefined && publicUplink !== null && !isUnknown(publicUplink)) {
    if (!isBag(publicUplink)) issues.push("uplinkModels.public must be { id, bandwidthModelId }");
    else {
      for (const field of ["id", "bandwidthModelId"]) {
        const issue = wholeIssue(`uplinkModels.public.${field}`, publicUplink[field], 1);
        if (issue !== undefined) issues.push(issue);
      }
    }
  }
  for (const issue of issues) c.fail("uplinkModels", issue);
}

function checkDrives(c: Checker): void {
  const value = c.news.drives;
  const shape = "{ slots: [{ position, driveModelId }], layout?: [{ slotPositions, ignore? }] }";
  if (value === undefined || value === null) {
    c.fail("drives", `drives is required: ${shape}`);
    return;
  }
  if (isUnknown(value)) return;
  if (!isBag(value)) {
    c.fail("drives", `drives must be ${shape}`);
    return;
  }
  const issues: string[] = [];
  const filled = new Set<number>();
  if (!isUnknown(value.slots)) {
    if (!Array.isArray(value.slots) || value.slots.length === 0) {
      issues.push("drives.slots must list at least one { position, driveModelId }");
    } else {
      value.slots.forEach((slot: unknown, i) => {
        if (!isBag(slot)) {
          if (!isUnknown(slot))
            issues.push(`drives.slots[${i}] must be { position, driveModelId }`);
          return;
        }
        const position = wholeIssue(`drives.slots[${i}].position`, slot.position, 0);
        if (position !== undefined) issues.push(position);
        else if (typeof slot.position === "number") {
          if (filled.has(slot.position)) {
            issues.push(`drives.slots[${i}].position: slot ${slot.position} is listed twice`);
          }
          filled.add(slot.position);
        }
        const model = wholeIssue(`drives.slots[${i}].driveModelId`, slot.driveModelId, 1);
        if (model !== undefined) issues.push(model);
      });
    }
  }
  const layout = value.layout;
  // Slot positions are compared only when every slot is known.
  const slotsKnown = !containsUnknown(value.slots);
  if (layout !== undefined && layout !== null && !isUnknown(layout)) {
    if (!Array.isArray(layout))
      issues.push("drives.layout must be an array of { slotPositions, ignore? }");
    else {
      const used = new Set<number>();
      layout.forEach((entry: unknown, i) => {
        if (!isBag(entry)) {
          if (!isUnknown(entry))
            issues.push(`drives.layout[${i}] must be { slotPositions, ignore? }`);
          return;
        }
        const positions = entry.slotPositions;
        if (!isUnknown(positions)) {
          if (!Array.isArray(positions) || positions.length === 0) {
            issues.push(
              `drives.layout[${i}].slotPositions must list the positions of filled slots`,
            );
          } else {
            for (const position of positions) {
              if (isUnknown(position)) continue;
              if (!isWhole(position, 0) || (slotsKnown && !filled.has(position))) {
                issues.push(
                  `drives.layout[${i}].slotPositions: ${shown(position)} is not the ` +
                    "position of a slot in drives.slots",
                );
              } else if (used.has(position)) {
                issues.push(
                  `drives.layout[${i}].slotPositions: slot ${position} is already in another layout`,
                );
              } else used.add(position);
            }
          }
        }
        const ignore = entry.ignore;
        if (
          ignore !== undefined &&
          ignore !== null &&
          !isUnknown(ignore) &&
          typeof ignore !== "boolean"
        ) {
          issues.push(`drives.layout[${i}].ignore must be a boolean (got ${shown(ignore)})`);
        }
      });
    }
  }
  for (const issue of issues) c.fail("drives", issue);
}

/** Required, and explicit: a number, or null for no operating system (iPXE Boot). */
function checkOperatingSystem(c: Checker): number | null | undefined {
  const value = c.news.operatingSystemId;
  if (value === null) return null;
  if (value === undefined) {
    c.fail(
      "operatingSystemId",
      "operatingSystemId is required: the id of an operating system offered for the server " +
        "model in the location, or null for no operating system (iPXE Boot)",
    );
    return undefined;
  }
  if (isUnknown(value)) return undefined;
  if (!isWhole(value, 1)) {
    c.fail(
      "operatingSystemId",
      `operatingSystemId must be a whole number or null (got ${shown(value)})`,
    );
    return undefined;
  }
  return value;
}

const FEATURE_NAME = /^[a-z][a-z0-9_]*$/;

/** The declared feature names, or undefined when absent, unknown (partly) or malformed. */
function checkFeatures(c: Checker): readonly string[] | undefined {
  const value = c.news.features;
  if (value === undefined || value === null) return [];
  if (isUnknown(value)) return undefined;
  if (!Array.isArray(value)) {
    c.fail("features", `features must be an array of feature names (got ${shown(value)})`);
    return undefined;
  }
  const names: string[] = [];
  let complete = true;
  for (const name of value) {
    if (isUnknown(name)) complete = false;
    else if (typeof name !== "string" || !FEATURE_NAME.test(name)) {
      c.fail(
        "features",
        `features: ${shown(name)} is not a feature name such as private_ipxe_boot`,
      );
      complete = false;
    } else if (names.includes(name)) {
      c.fail("features", `features: ${name} is listed twice`);
    } else names.push(name);
  }
  for (const conflict of ipxeFeatureConflicts(names)) c.fail("features", `features: ${conflict}`);
  return complete ? names : undefined;
}

function checkIpxe(
  c: Checker,
  features: readonly string[] | undefined,
  operatingSystemId: number | null | undefined,
): void {
  const script = c.news.ipxeConfig;
  const scriptKnown = !isUnknown(script);
  let hasScript = script !== undefined && script !== null;
  if (hasScript && scriptKnown) {
    if (typeof script !== "string") {
      c.fail("ipxeConfig", `ipxeConfig must be a string: an iPXE script (got ${shown(script)})`);
      hasScript = false;
    } else {
      try {
        checkIpxeConfig(script, "ipxeConfig");
      } catch (error) {
        if (!(error instanceof InputValidationError)) throw error;
        // Restriction 4 (64 KB) and the script's first line.
        c.fail("ipxeConfig", error.message);
      }
    }
  }
  if (features === undefined) return;
  const ipxe = ipxeFeatureOf(features);
  if (ipxe === undefined) {
    if (hasScript) {
      c.fail(
        "ipxeConfig",
        "ipxeConfig is only used by iPXE Boot: add private_ipxe_boot or public_ipxe_boot to " +
          "features (with operatingSystemId null), or remove ipxeConfig",
      );
    }
    return;
  }
  // Restriction 2: iPXE Boot goes with no operating system, and boots from the script.
  if (typeof operatingSystemId === "number") {
    c.fail(
      "operatingSystemId",
      `operatingSystemId must be null with ${ipxe}: iPXE Boot is available only when no ` +
        `operating system is selected (iPXE Boot restriction 2; got ${operatingSystemId})`,
    );
  }
  if (!hasScript) {
    c.fail(
      "ipxeConfig",
      `ipxeConfig is required with ${ipxe}: the iPXE script (first line #!ipxe) the server boots from`,
    );
  }
}

/**
 * An existing server that drops its operating system is reinstalled without one, which the
 * service accepts only for iPXE Boot (the reinstall-based flow). Not on replacement: a new order
 * may be a bare server.
 */
function checkReinstallWithoutSystem(
  c: Checker,
  features: readonly string[] | undefined,
  operatingSystemId: number | null | undefined,
): void {
  const before = c.olds.operatingSystemId;
  if (operatingSystemId !== null || typeof before !== "number" || features === undefined) return;
  const replaced = ["locationId", "serverModelId", "ramSize"].some(
    (name) => c.olds[name] !== c.news[name],
  );
  if (replaced || ipxeFeatureOf(features) !== undefined) return;
  c.fail(
    "operatingSystemId",
    `operatingSystemId null reinstalls the server without an operating system (it has ${before}), ` +
      "which is only possible for iPXE Boot: add private_ipxe_boot or public_ipxe_boot to " +
      "features and set ipxeConfig",
  );
}

function checkStringList(c: Checker, property: string): void {
  const value = c.news[property];
  if (value === undefined || value === null || isUnknown(value)) return;
  if (!Array.isArray(value)) {
    c.fail(property, `${property} must be an array of strings (got ${shown(value)})`);
    return;
  }
  const seen = new Set<string>();
  for (const entry of value) {
    if (isUnknown(entry)) continue;
    if (typeof entry !== "string" || entry.trim() === "") {
      c.fail(property, `${property}: ${shown(entry)} is not a non-empty string`);
    } else if (idIssue(entry) !== undefined) {
      // A fingerprint is a path segment of the DELETE that removes the key from the server.
      c.fail(property, `${property}: an entry ${idIssue(entry)}`);
    } else if (seen.has(entry)) c.fail(property, `${property}: ${cutShort(entry)} is listed twice`);
    else seen.add(entry);
  }
}

function checkType(c: Checker, property: string, type: "boolean" | "string"): void {
  const value = c.news[property];
  if (value === undefined || value === null || isUnknown(value) || typeof value === type) return;
  c.fail(property, `${property} must be a ${type} (got ${shown(value)})`);
}

export function checkDedicatedServer(c: Checker): void {
  c.integer("locationId", true, { min: 1 });
  c.integer("serverModelId", true, { min: 1 });
  c.integer("ramSize", true, { min: 1, unit: " GB" });
  checkUplinkModels(c);
  checkDrives(c);
  const operatingSystemId = checkOperatingSystem(c);
  const features = checkFeatures(c);
  checkIpxe(c, features, operatingSystemId);
  checkReinstallWithoutSystem(c, features, operatingSystemId);
  checkType(c, "ipv6", "boolean");
  checkHostname(c);
  checkStringList(c, "sshKeyFingerprints");
  c.secretText("userData", false, MAX_USER_DATA_BYTES);
  c.labels();
  checkType(c, "rebootOnIpxeChange", "boolean");
  checkRebootTrigger(c);
}
