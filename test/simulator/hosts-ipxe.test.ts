// iPXE Boot of dedicated servers (api-spec.md "iPXE Boot"): the three activation flows, feature
// toggles, and each of the seven restrictions. Request errors are 422 with a field map; conflicts
// with the server's state are 409 INCOMPATIBLE_FEATURE_STATE.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";
import {
  dedicatedOrder,
  type Feature,
  type Host,
  INSTALL_DONE,
  IPXE_SCRIPT,
  ipxeOrder,
  MINUTE,
  SIN1,
} from "./hosts-fixtures";

const BASE = "/v1/hosts/dedicated_servers";

describe("iPXE Boot", () => {
  const sim = useTestSimulator();

  /** An installed server, ordered with `overrides`. */
  const installed = async (overrides: Record<string, unknown> = {}) => {
    const res = await sim().req<Host[]>("POST", BASE, dedicatedOrder(overrides));
    expect(res.status).toBe(202);
    const [host] = res.body;
    if (host === undefined) throw new Error("no host ordered");
    await sim().advance(INSTALL_DONE);
    return host.id;
  };
  const features = async (id: string) => {
    const res = await sim().req<Feature[]>("GET", `${BASE}/${id}/features`);
    return Object.fromEntries(res.body.map((f) => [f.name, f.status]));
  };
  const toggle = (id: string, name: string, action: "activate" | "deactivate", body?: unknown) =>
    sim().req<Feature & ApiErrorBody>("POST", `${BASE}/${id}/features/${name}/${action}`, body);
  /** Activates and waits for the toggle to settle. */
  const activate = async (id: string, name: string) => {
    const res = await toggle(id, name, "activate");
    expect(res.status).toBe(202);
    await sim().advance(2 * MINUTE);
  };
  const expectConflict = (res: { status: number; body: ApiErrorBody }, pattern: RegExp) => {
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("INCOMPATIBLE_FEATURE_STATE");
    expect(res.body.message).toMatch(pattern);
  };
  /** An order of iPXE Boot `feature` that also asks for `other`: 422, the features entry naming it. */
  const expectOrderRefused = async (feature: string, other: string, pattern: RegExp) => {
    const res = await sim().req<ApiErrorBody>(
      "POST",
      BASE,
      ipxeOrder(feature, { features: [feature, other] }),
    );
    expect(res.status).toBe(422);
    expect(res.body.errors?.features).toMatch(pattern);
  };

  describe("feature toggles", () => {
    it("list every feature; the location decides which are available", async () => {
      const ams = await installed();
      expect(await features(ams)).toMatchObject({
        private_ipxe_boot: "deactivated",
        public_ipxe_boot: "deactivated",
      });
      const sin = await installed({ location_id: SIN1, uplink_models: { private: { id: 401 } } });
      expect(await features(sin)).toMatchObject({
        private_ipxe_boot: "unavailable",
        public_ipxe_boot: "unavailable",
      });
    });

    it("activate answers 202 {name, status: activation}, then activated; deactivate likewise", async () => {
      const id = await installed();
      const on = await toggle(id, "oob_public_access", "activate");
      expect(on.status).toBe(202);
      expect(on.body).toEqual({ name: "oob_public_access", status: "activation" });
      await sim().advance(2 * MINUTE);
      expect((await features(id)).oob_public_access).toBe("activated");
      const off = await toggle(id, "oob_public_access", "deactivate");
      expect(off.body).toEqual({ name: "oob_public_access", status: "deactivation" });
      await sim().advance(2 * MINUTE);
      expect((await features(id)).oob_public_access).toBe("deactivated");
    });

    it("asking again for what is under way answers its state (a retry is safe)", async () => {
      const id = await installed();
      await toggle(id, "oob_public_access", "activate");
      expect((await toggle(id, "oob_public_access", "activate")).body.status).toBe("activation");
    });

    it("answers 404 for an unknown feature", async () => {
      const id = await installed();
      expect((await toggle(id, "warp_drive", "activate")).status).toBe(404);
    });

    it("keeps concurrent changes: a toggle during the install survives the install's end", async () => {
      const res = await sim().req<Host[]>(
        "POST",
        BASE,
        dedicatedOrder({ features: ["no_public_ip_address"] }),
      );
      const id = res.body[0]?.id ?? "";
      expect((await toggle(id, "oob_public_access", "activate")).status).toBe(202);
      await sim().advance(MINUTE / 2);
      expect((await toggle(id, "disaggregated_public_ports", "activate")).status).toBe(202);
      await sim().advance(INSTALL_DONE);
      expect(await features(id)).toMatchObject({
        no_public_ip_address: "activated",
        oob_public_access: "activated",
        disaggregated_public_ports: "activated",
      });
    });
  });

  describe("order-based flow", () => {
    it("creates a server without an operating system that boots from the script", async () => {
      const res = await sim().req<Host[]>("POST", BASE, ipxeOrder("public_ipxe_boot"));
      expect(res.status).toBe(202);
      const [host] = res.body;
      expect(host).toMatchObject({
        ipxe_config: IPXE_SCRIPT,
        configuration_details: { operating_system_id: null },
      });
      expect((await features(host?.id ?? "")).public_ipxe_boot).toBe("activation");
      await sim().advance(INSTALL_DONE);
      const read = await sim().req<Host>("GET", `${BASE}/${host?.id}`);
      expect(read.body).toMatchObject({
        status: "active",
        operational_status: "normal",
        ipxe_config: IPXE_SCRIPT,
      });
      expect((await features(host?.id ?? "")).public_ipxe_boot).toBe("activated");
      // Lists leave the script out; the single GET carries it.
      const list = await sim().req<Host[]>("GET", BASE);
      expect(list.body.find((h) => h.id === host?.id)).not.toHaveProperty("ipxe_config");
    });
  });

  describe("reinstall-based flow", () => {
    it("activates the feature, then reinstalls with operating_system_id null and ipxe_config", async () => {
      const id = await installed();
      await activate(id, "private_ipxe_boot");
      const res = await sim().req<Host>("POST", `${BASE}/${id}/reinstall`, {
        operating_system_id: null,
        ipxe_config: IPXE_SCRIPT,
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        operational_status: "installation",
        ipxe_config: IPXE_SCRIPT,
      });
      await sim().advance(INSTALL_DONE);
      const read = await sim().req<Host>("GET", `${BASE}/${id}`);
      expect(read.body).toMatchObject({
        operational_status: "normal",
        configuration_details: { operating_system_id: null },
      });
    });

    it("refuses operating_system_id null without an active iPXE feature (422)", async () => {
      const id = await installed();
      const res = await sim().req<ApiErrorBody>("POST", `${BASE}/${id}/reinstall`, {
        operating_system_id: null,
        ipxe_config: IPXE_SCRIPT,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors?.operating_system_id).toMatch(/iPXE/);
    });
  });

  describe("standalone flow", () => {
    it("deactivate, update ipxe_config, activate, reboot", async () => {
      const res = await sim().req<Host[]>("POST", BASE, ipxeOrder());
      const id = res.body[0]?.id ?? "";
      await sim().advance(INSTALL_DONE);
      const newScript = "#!ipxe\nchain http://boot.example.com/v2.ipxe\n";
      // The feature must be deactivated first.
      expectConflict(
        await sim().req("PUT", `${BASE}/${id}`, { ipxe_config: newScript }),
        /deactivate/,
      );
      expect((await toggle(id, "private_ipxe_boot", "deactivate")).status).toBe(202);
      await sim().advance(2 * MINUTE);
      const updated = await sim().req<Host>("PUT", `${BASE}/${id}`, { ipxe_config: newScript });
      expect(updated.status).toBe(200);
      expect(updated.body.ipxe_config).toBe(newScript);
      await activate(id, "private_ipxe_boot");
      expect((await sim().req<Host>("POST", `${BASE}/${id}/reboot`)).body.power_status).toBe(
        "power_cycling",
      );
    });
  });

  describe("restriction 1: only one of private or public iPXE Boot at a time", () => {
    it("refuses the second on a server (409)", async () => {
      const id = await installed();
      await activate(id, "private_ipxe_boot");
      expectConflict(await toggle(id, "public_ipxe_boot", "activate"), /only one/);
    });

    it("refuses an order with both (422 errors.features)", async () => {
      await expectOrderRefused("private_ipxe_boot", "public_ipxe_boot", /only one/);
    });
  });

  describe("restriction 2: only when no operating system is selected", () => {
    it("refuses an order with an operating system and an iPXE feature (422)", async () => {
      const res = await sim().req<ApiErrorBody>(
        "POST",
        BASE,
        ipxeOrder("private_ipxe_boot", { operating_system_id: 301 }),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors?.operating_system_id).toMatch(/null/);
    });

    it("refuses a reinstall with an operating system while iPXE Boot is active (409)", async () => {
      const id = await installed();
      await activate(id, "public_ipxe_boot");
      expectConflict(
        await sim().req("POST", `${BASE}/${id}/reinstall`, { operating_system_id: 302 }),
        /public_ipxe_boot/,
      );
    });

    it("refuses an ipxe_config in an order without an iPXE feature (422)", async () => {
      const res = await sim().req<ApiErrorBody>(
        "POST",
        BASE,
        dedicatedOrder({ ipxe_config: IPXE_SCRIPT }),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors?.ipxe_config).toMatch(/\S/);
    });
  });

  describe("restriction 3: unavailable while a creation or reinstall is in progress", () => {
    it("refuses activation during the creation", async () => {
      const res = await sim().req<Host[]>("POST", BASE, dedicatedOrder());
      expectConflict(
        await toggle(res.body[0]?.id ?? "", "private_ipxe_boot", "activate"),
        /in progress/,
      );
    });

    it("refuses activation during a reinstall", async () => {
      const id = await installed();
      expect(
        (await sim().req("POST", `${BASE}/${id}/reinstall`, { operating_system_id: 302 })).status,
      ).toBe(202);
      expectConflict(await toggle(id, "public_ipxe_boot", "activate"), /in progress/);
    });
  });

  describe("restriction 4: ipxe_config is at most 64 KB and starts with #!ipxe", () => {
    const sized = (bytes: number) => {
      const head = "#!ipxe\n";
      return head + "#".repeat(bytes - head.length);
    };

    it("accepts exactly 65,536 bytes", async () => {
      const res = await sim().req(
        "POST",
        BASE,
        ipxeOrder("private_ipxe_boot", { ipxe_config: sized(65_536) }),
      );
      expect(res.status).toBe(202);
    });

    it.each([
      ["one byte over 64 KB", sized(65_537), /64 KB/],
      [
        "64 KB of characters that take more bytes in UTF-8",
        `#!ipxe\n${"é".repeat(32_766)}`,
        /64 KB/,
      ],
      ["a script without #!ipxe", "dhcp\nchain http://x\n", /#!ipxe/],
      ["#!ipxe not on the first line", "\n#!ipxe\n", /#!ipxe/],
      ["a script that is not a string", 42, /string/],
    ])("refuses %s in an order (422 errors.ipxe_config)", async (_, script, message) => {
      const res = await sim().req<ApiErrorBody>(
        "POST",
        BASE,
        ipxeOrder("private_ipxe_boot", { ipxe_config: script }),
      );
      expect(res.status).toBe(422);
      expect(res.body.errors?.ipxe_config).toMatch(message);
    });

    it("refuses it in an update, an activation and a reinstall too", async () => {
      const id = await installed();
      const big = sized(65_537);
      expect(
        (await sim().req<ApiErrorBody>("PUT", `${BASE}/${id}`, { ipxe_config: big })).body.errors
          ?.ipxe_config,
      ).toMatch(/64 KB/);
      const activation = await toggle(id, "private_ipxe_boot", "activate", {
        ipxe_config: "echo hi",
      });
      expect(activation.status).toBe(422);
      expect(activation.body.errors?.ipxe_config).toMatch(/#!ipxe/);
      await activate(id, "private_ipxe_boot");
      const reinstall = await sim().req<ApiErrorBody>("POST", `${BASE}/${id}/reinstall`, {
        operating_system_id: null,
        ipxe_config: big,
      });
      expect(reinstall.status).toBe(422);
    });

    it("accepts a script with the activation and keeps it", async () => {
      const id = await installed();
      expect(
        (await toggle(id, "private_ipxe_boot", "activate", { ipxe_config: IPXE_SCRIPT })).status,
      ).toBe(202);
      expect((await sim().req<Host>("GET", `${BASE}/${id}`)).body.ipxe_config).toBe(IPXE_SCRIPT);
    });
  });

  describe("restriction 5: incompatible with L2 segments, the firewall and rescue mode", () => {
    it("refuses a member of an L2 segment", async () => {
      const id = await installed();
      const segment = await sim().req<{ id: string }>("POST", "/v1/l2_segments", {
        name: "backnet",
        type: "private",
        location_group_id: 1,
        members: [{ id, mode: "native" }],
      });
      expect(segment.status).toBeLessThan(300);
      expectConflict(await toggle(id, "private_ipxe_boot", "activate"), /L2/);
    });

    it("refuses a server whose firewall is on", async () => {
      const id = await installed();
      await sim().control.patch("dedicated_servers", id, { _firewall: true });
      expectConflict(await toggle(id, "public_ipxe_boot", "activate"), /firewall/);
    });

    it("refuses a server in rescue mode, by feature or by operational status", async () => {
      const id = await installed();
      await activate(id, "host_rescue_mode");
      expect((await sim().req<Host>("GET", `${BASE}/${id}`)).body.operational_status).toBe(
        "rescue_mode",
      );
      expectConflict(await toggle(id, "private_ipxe_boot", "activate"), /rescue/);
      const other = await installed();
      await sim().control.patch("dedicated_servers", other, { operational_status: "rescue_mode" });
      expectConflict(await toggle(other, "private_ipxe_boot", "activate"), /rescue/);
    });

    it("refuses rescue mode while iPXE Boot is active, and an order with both (422)", async () => {
      const id = await installed();
      await activate(id, "private_ipxe_boot");
      expectConflict(await toggle(id, "host_rescue_mode", "activate"), /private_ipxe_boot/);
      await expectOrderRefused("private_ipxe_boot", "host_rescue_mode", /host_rescue_mode/);
    });
  });

  describe("restriction 6: private iPXE Boot is incompatible with no_private_ip", () => {
    it("refuses it next to no_private_ip, both ways, and in an order", async () => {
      const id = await installed();
      await activate(id, "no_private_ip");
      expectConflict(await toggle(id, "private_ipxe_boot", "activate"), /no_private_ip/);
      // Public iPXE Boot is not affected.
      expect((await toggle(id, "public_ipxe_boot", "activate")).status).toBe(202);
      const other = await installed();
      await activate(other, "private_ipxe_boot");
      expectConflict(await toggle(other, "no_private_ip", "activate"), /private_ipxe_boot/);
      await expectOrderRefused("private_ipxe_boot", "no_private_ip", /no_private_ip/);
    });
  });

  describe("restriction 7: public iPXE Boot is incompatible with no_public_network and no_public_ip_address", () => {
    it.each(["no_public_network", "no_public_ip_address"])(
      "refuses it next to %s, both ways, and in an order",
      async (blocker) => {
        const id = await installed();
        await activate(id, blocker);
        expectConflict(await toggle(id, "public_ipxe_boot", "activate"), new RegExp(blocker));
        const other = await installed();
        await activate(other, "public_ipxe_boot");
        expectConflict(await toggle(other, blocker, "activate"), /public_ipxe_boot/);
        await expectOrderRefused("public_ipxe_boot", blocker, new RegExp(blocker));
      },
    );
  });

  describe("a location without iPXE Boot refuses it", () => {
    it("in an order (422 errors.features.0) and on a server (409)", async () => {
      const order = await sim().req<ApiErrorBody>(
        "POST",
        BASE,
        ipxeOrder("private_ipxe_boot", {
          location_id: SIN1,
          uplink_models: { private: { id: 401 } },
        }),
      );
      expect(order.status).toBe(422);
      expect(order.body.errors?.["features.0"]).toMatch(/SIN1/);
      const id = await installed({ location_id: SIN1, uplink_models: { private: { id: 401 } } });
      expectConflict(await toggle(id, "private_ipxe_boot", "activate"), /SIN1/);
    });
  });
});
