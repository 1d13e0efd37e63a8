// The account's read-only lookups against the simulator: balance, invoices, racks, the
// out-of-band credentials of a dedicated server (a secret Output), and cloud volumes.
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { OWNER_LABEL_KEY } from "../../provider/framework/ownership";
import {
  getAccountBalance,
  getAccountBalanceOutput,
  getCloudVolumes,
  getDnsRecords,
  getDnsZones,
  getInvoices,
  getRacks,
  getServerOobCredentials,
  getServerOobCredentialsOutput,
  ListLimitError,
  NoMatchError,
} from "../../provider/functions";
import { orderDedicatedServer } from "../sdk-simulator/dedicated-order";
import { lookupBed } from "./functions-support";

const FINGERPRINT = "0123 4567 89AB CDEF 0123 4567 89AB CDEF 0123 4567";

let serverId: string;

const bed = lookupBed({}, async ({ client }) => {
  serverId = (await orderDedicatedServer(client, "db-1.example.com")).id;
  await client.cloudVolumes.create({
    name: "logs",
    region_id: 1,
    size: 10,
    labels: { env: "prod" },
  });
  await client.cloudVolumes.create({
    name: "data",
    region_id: 2,
    size: 20,
    labels: { env: "dev", [OWNER_LABEL_KEY]: `o${"1".repeat(40)}` },
  });
});
const { failure } = bed;

describe("getAccountBalance", () => {
  it("answers the balance in camelCase, in both forms", async () => {
    expect(await getAccountBalance()).toEqual({
      currentBalance: 123.45,
      nextInvoiceTotalDue: 0,
      currency: "EUR",
    });
    await bed.sim.control.patchAccount({ balance: { current_balance: -5.5, currency: "USD" } });
    const output = getAccountBalanceOutput() as unknown as { promise(): Promise<unknown> };
    expect(await output.promise()).toMatchObject({ currentBalance: -5.5, currency: "USD" });
  });
});

describe("getInvoices", () => {
  it("lists every invoice, bounded by limit", async () => {
    const { invoices } = await getInvoices();
    expect(invoices.map((i) => i.number)).toEqual([843071, 843072, 843073]);
    expect(invoices[0]).toEqual({
      id: "Inv00001",
      number: 843071,
      parentId: null,
      status: "paid",
      date: "2026-01-01",
      type: "invoice",
      totalDue: 119.9,
      currency: "EUR",
      csvUrl: null,
      pdfUrl: null,
    });
    expect(await failure(getInvoices({ limit: 2 }))).toBeInstanceOf(ListLimitError);
    expect((await failure(getInvoices({ limit: 0 }))).message).toContain("limit must be");
  });
});

// getRack by id and by name, an unknown id, two keys: functions-lookups.test.ts.
describe("getRacks", () => {
  it("lists racks, by location", async () => {
    expect((await getRacks()).racks.map((r) => r.id)).toEqual(["Rack0001", "Rack0002"]);
    expect((await getRacks({ locationId: 2 })).racks).toEqual([
      { id: "Rack0002", name: "private-rack-2", locationId: 2, locationCode: "DFW1", labels: {} },
    ]);
  });
});

describe("getServerOobCredentials", () => {
  it("answers login and secret; the Output form is secret", async () => {
    const credentials = await getServerOobCredentials({ serverId, fingerprint: FINGERPRINT });
    expect(credentials).toMatchObject({ serverId, login: "ADMIN" });
    expect(credentials.secret.length).toBeGreaterThan(8);
    const output = getServerOobCredentialsOutput({ serverId, fingerprint: FINGERPRINT });
    expect(await pulumi.isSecret(output)).toBe(true);
    // The same secret each time: it is the server's, not a new one per read.
    expect((await getServerOobCredentials({ serverId, fingerprint: FINGERPRINT })).secret).toBe(
      credentials.secret,
    );
  });

  it("refuses a fingerprint that is not a GPG one before any request, and an unknown server", async () => {
    const bad = await failure(getServerOobCredentials({ serverId, fingerprint: "ab:cd" }));
    expect(bad.message).toBe(
      "getServerOobCredentials: fingerprint must be a GPG key fingerprint, 40 hexadecimal " +
        "digits (`gpg --fingerprint` shows it)",
    );
    const missing = await failure(
      getServerOobCredentials({ serverId: "Nope0001", fingerprint: FINGERPRINT }),
    );
    expect(missing).toBeInstanceOf(NoMatchError);
  });
});

describe("getCloudVolumes", () => {
  it("lists volumes by label selector and region, labels without the ownership label", async () => {
    const all = (await getCloudVolumes()).cloudVolumes;
    // Sorted by id (the default), and ids are random: compare as a set.
    expect(all.map((v) => v.name).sort()).toEqual(["data", "logs"]);
    expect(all.find((v) => v.name === "data")?.labels).toEqual({ env: "dev" });
    expect((await getCloudVolumes({ labelSelector: "env==prod" })).cloudVolumes).toEqual([
      expect.objectContaining({ name: "logs", regionCode: "AMS1", instanceId: null, size: 10 }),
    ]);
    expect((await getCloudVolumes({ regionId: 2 })).cloudVolumes.map((v) => v.name)).toEqual([
      "data",
    ]);
  });
});

describe("getDnsZones and getDnsRecords", () => {
  it("lists zones by label selector and delegation status; a zone's records with their resource ids", async () => {
    const zone = await bed.client.dns.createDomain({
      name: "example.net",
      email: "admin@example.net",
      labels: { env: "prod", [OWNER_LABEL_KEY]: `o${"2".repeat(40)}` },
    });
    await bed.client.dns.createRecord(zone.id, { name: "www", type: "A", data: "192.0.2.1" });
    const { dnsZones } = await getDnsZones({
      labelSelector: "env==prod",
      delegationStatus: "undelegated",
    });
    expect(dnsZones).toEqual([
      expect.objectContaining({
        id: zone.id,
        name: "example.net",
        labels: { env: "prod" },
        ttl: 3600,
      }),
    ]);
    expect((await getDnsZones({ delegationStatus: "delegated" })).dnsZones).toEqual([]);
    const { dnsRecords } = await getDnsRecords({ zoneId: zone.id, type: "A" });
    expect(dnsRecords).toEqual([
      expect.objectContaining({
        id: `${zone.id}/${dnsRecords[0]?.recordId}`,
        name: "www",
        data: "192.0.2.1",
      }),
    ]);
    const types = (await getDnsRecords({ zoneId: zone.id })).dnsRecords.map((r) => r.type);
    expect(types.sort()).toEqual(["A", "SOA"]);
    expect(await failure(getDnsRecords({ zoneId: "Nope0001" }))).toBeInstanceOf(NoMatchError);
    expect(
      (await failure(getDnsZones({ delegationStatus: "x" as "delegated" }))).message,
    ).toContain("delegationStatus");
  });
});
