// Resource names of discovery (provider/discover/names.ts): valid identifiers in every language,
// unique across kinds, and independent of the order objects come in.
import { describe, expect, it } from "vitest";
import type { KindName } from "../../../provider/discover/kinds";
import { assignNames, baseName, identifierOf } from "../../../provider/discover/names";

const o = (kind: KindName, id: string, words: string) => ({ kind, id, words });

describe("discovery names", () => {
  it("are camelCase of the object's words", () => {
    expect(identifierOf("web-1.example.com")).toBe("web1ExampleCom");
    expect(identifierOf("K8s Prod")).toBe("k8sProd");
    expect(identifierOf("db-1 198.51.100.0/29")).toBe("db1_198_51_100_0_29");
    expect(identifierOf("Café ünïcode")).toBe("cafeUnicode");
  });

  it("start with a letter and avoid every language's keywords", () => {
    expect(baseName("RbsVolume", "")).toBe("rbsVolume");
    expect(baseName("RbsVolume", "2024 backup")).toBe("rbsVolume_2024Backup");
    expect(baseName("DnsRecord", "class")).toBe("classDnsRecord");
    expect(baseName("CloudInstance", "lambda")).toBe("lambdaCloudInstance");
    expect(baseName("SshKey", "config")).toBe("configSshKey");
    expect(baseName("SshKey", "x".repeat(100))).toHaveLength(60);
  });

  it("shared names get the kind, then the id; the order of the input does not matter", () => {
    const objects = [
      o("DnsZone", "Z1", "example.com"),
      o("SslCertificate", "C1", "example.com"),
      o("RbsVolume", "B", "data"),
      o("RbsVolume", "A", "data"),
      o("SbmServer", "S1", "web-1"),
    ];
    const names = (list: typeof objects) => {
      const assigned = assignNames(list);
      return Object.fromEntries(list.map((x) => [`${x.kind}:${x.id}`, assigned.get(x)]));
    };
    const expected = {
      "DnsZone:Z1": "exampleComDnsZone",
      "SslCertificate:C1": "exampleComSslCertificate",
      "RbsVolume:A": "dataRbsVolume_a",
      "RbsVolume:B": "dataRbsVolume_b",
      "SbmServer:S1": "web1",
    };
    expect(names(objects)).toEqual(expected);
    expect(names([...objects].reverse())).toEqual(expected);
  });
});
