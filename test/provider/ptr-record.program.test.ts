// What a program declaring a PtrRecord registers with the engine (pulumi.runtime.setMocks).
import * as pulumi from "@pulumi/pulumi";
import { describe, expect, it } from "vitest";
import { PtrRecord } from "../../provider/index";
import { inputsAnd, onlyRegistration, registrationsOfEachTest, resolved } from "./mocks";

const registered = registrationsOfEachTest({
  id: () => "cloud_computing/instances/Ci1/ptr_records/Pr1",
  state: inputsAnd({ ttl: 60, priority: 0, ptrRecordId: "Pr1" }),
});

describe("a program declaring a PtrRecord", () => {
  it("registers the target, the address and the domain, and nothing it was not given", async () => {
    const record = new PtrRecord("rdns", {
      cloudInstanceId: pulumi.output("Ci1"),
      ip: "203.0.113.10",
      domain: "web.example.com",
    });
    expect(await resolved(record.ptrRecordId)).toBe("Pr1");
    expect(await resolved(record.id)).toBe("cloud_computing/instances/Ci1/ptr_records/Pr1");
    const entry = onlyRegistration(registered, "PtrRecord");
    expect(entry.inputs).toMatchObject({
      cloudInstanceId: "Ci1",
      ip: "203.0.113.10",
      domain: "web.example.com",
    });
    for (const absent of ["hostId", "hostType", "ttl", "priority", "adoptId", "name"]) {
      expect(entry.inputs).not.toHaveProperty(absent);
    }
    expect(typeof entry.inputs.__ownerLabel).toBe("string");
  });

  it("registers a host target with its type", async () => {
    const record = new PtrRecord("rdns", {
      hostId: "Ds1",
      hostType: "dedicated_server",
      ip: "2001:db8::1",
      domain: "db.example.com",
      ttl: 300,
      priority: 5,
    });
    await resolved(record.id);
    expect(registered[0]?.inputs).toMatchObject({
      hostId: "Ds1",
      hostType: "dedicated_server",
      ttl: 300,
      priority: 5,
    });
  });
});
