// `pulumi-serverscom/sdk` (sdk/index.ts) exports every area's records, bodies, statuses and
// client: a user imports an area's types from the package, not from a file inside it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type {
  AccountBalance,
  CloudBackup,
  CloudBackupCreateBody,
  CloudVolume,
  CloudVolumeUpdateBody,
  DnsDomain,
  DnsRecord,
  DnsRecordCreateBody,
  Invoice,
  Rack,
} from "../../sdk";
import * as sdk from "../../sdk";

const areasDir = path.resolve(__dirname, "../../sdk/areas");

/** Area modules whose exports the index names one by one (helpers shared by the areas stay out). */
const SELECTIVE = new Set(["common.ts", "host-common.ts"]);

describe("the SDK's public surface", () => {
  const files = readdirSync(areasDir).filter((file) => file.endsWith(".ts"));

  it.each(files.filter((file) => !SELECTIVE.has(file)))(
    "sdk/areas/%s: every value it exports is exported by the package",
    async (file) => {
      const area = (await import(path.join(areasDir, file))) as Record<string, unknown>;
      const missing = Object.keys(area).filter((name) => !(name in sdk));
      expect(missing).toEqual([]);
    },
  );

  it("the four areas added last (account, cloud backups, cloud volumes, DNS) export their types", () => {
    // A compile-time check as much as a runtime one: these imports fail `tsc` if not exported.
    const records: [
      AccountBalance?,
      Invoice?,
      Rack?,
      CloudBackup?,
      CloudBackupCreateBody?,
      CloudVolume?,
      CloudVolumeUpdateBody?,
      DnsDomain?,
      DnsRecord?,
      DnsRecordCreateBody?,
    ] = [];
    expect(records).toEqual([]);
    for (const name of [
      "AccountApi",
      "InvoiceSchema",
      "CloudBackupsApi",
      "cloudBackupStates",
      "CloudVolumesApi",
      "cloudVolumeStates",
      "DnsApi",
      "DnsRecordSchema",
    ]) {
      expect(sdk).toHaveProperty(name);
    }
  });
});
