// CIDR notation (sdk/core/cidr.ts): what a subnetwork's cidr input must be, and containment.
import { describe, expect, it } from "vitest";
import { type Cidr, cidrContains, parseCidr } from "../../sdk/core/cidr";

function parsed(text: string): Cidr {
  const cidr = parseCidr(text);
  if (typeof cidr === "string") throw new Error(cidr);
  return cidr;
}

describe("parseCidr", () => {
  it("takes IPv4 and IPv6 networks that start at their first address", () => {
    expect(parsed("10.0.0.0/29")).toMatchObject({ family: "ipv4", prefix: 29 });
    expect(parsed("0.0.0.0/0").prefix).toBe(0);
    expect(parsed("2001:db8::/32")).toMatchObject({ family: "ipv6", prefix: 32 });
    expect(parsed("::ffff:10.0.0.0/120").family).toBe("ipv6");
  });

  it("names the rule a text breaks", () => {
    expect(parseCidr("10.0.0.0")).toMatch(/CIDR notation/);
    expect(parseCidr("10.0.0.256/24")).toMatch(/CIDR notation/);
    expect(parseCidr("fe80::1%eth0/64")).toMatch(/CIDR notation/);
    expect(parseCidr("10.0.0.0/33")).toMatch(/from 0 to 32 for an IPv4 network \(got \/33\)/);
    expect(parseCidr("2001:db8::/129")).toMatch(/from 0 to 128/);
    expect(parseCidr("10.0.0.5/29")).toBe(
      "must start at the network's first address: 10.0.0.5/29 has host bits set (the /29 " +
        "network holding 10.0.0.5 starts at 10.0.0.0)",
    );
    expect(parseCidr("2001:db8::1/64")).toMatch(/starts at 2001:db8::/);
  });

  it("tells containment within one family", () => {
    expect(cidrContains(parsed("10.0.0.0/16"), parsed("10.0.3.0/24"))).toBe(true);
    expect(cidrContains(parsed("10.0.0.0/16"), parsed("10.1.0.0/24"))).toBe(false);
    expect(cidrContains(parsed("10.0.0.0/24"), parsed("10.0.0.0/16"))).toBe(false);
    expect(cidrContains(parsed("::/0"), parsed("10.0.0.0/8"))).toBe(false);
  });
});
