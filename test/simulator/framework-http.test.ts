// The HTTP surface every endpoint shares: bearer authentication, the error body, JSON parsing,
// unknown routes, internal fields never leaving the simulator, correlation ids.
import { describe, expect, it } from "vitest";
import { type ApiErrorBody, useTestSimulator } from "./helpers";

describe("Authentication: every request carries Authorization: Bearer <token>", () => {
  const sim = useTestSimulator();

  it("answers 401 UNAUTHORIZED without the header", async () => {
    const res = await sim().req<ApiErrorBody>("GET", "/v1/locations", undefined, { token: null });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
    expect(typeof res.body.message).toBe("string");
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
  });

  it("answers 401 with a wrong token", async () => {
    const res = await sim().req<ApiErrorBody>("GET", "/v1/locations", undefined, {
      token: "wrong",
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("UNAUTHORIZED");
  });

  it("answers 401 for another scheme carrying the right token", async () => {
    const res = await sim().req("GET", "/v1/locations", undefined, {
      token: null,
      headers: { authorization: `Basic ${sim().token}` },
    });
    expect(res.status).toBe(401);
  });

  it("protects the hooks with the same token", async () => {
    const res = await sim().req("POST", "/_simulator/advance", { ms: 1 }, { token: "wrong" });
    expect(res.status).toBe(401);
  });

  it("accepts the right token", async () => {
    expect((await sim().req("GET", "/v1/locations")).status).toBe(200);
  });
});

describe("Errors: a JSON body with message and code", () => {
  const sim = useTestSimulator();

  it("answers 404 NOT_FOUND for a path outside the API", async () => {
    const res = await sim().req<ApiErrorBody>("GET", "/v1/no_such_thing");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: "NOT_FOUND" });
  });

  it("answers 404 NOT_FOUND for a resource that does not exist", async () => {
    const res = await sim().req<ApiErrorBody>("GET", "/v1/hosts/dedicated_servers/nope1234");
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("NOT_FOUND");
  });

  it("answers 405 with Allow for a method the path does not take", async () => {
    const res = await sim().req("DELETE", "/v1/locations");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toContain("GET");
  });

  it("answers 400 BAD_REQUEST for a body that is not JSON, before any handler", async () => {
    const res = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", undefined, {
      rawBody: "{not json",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("BAD_REQUEST");
    // The spec's BAD_REQUEST names the invalid parameters: here, the body.
    expect(res.body.params).toEqual(["body"]);
    const counts = await sim().control.records("sbm_servers");
    expect(counts).toEqual([]);
  });

  it("refuses a JSON null body, on PUT as on POST, instead of reading it as no change", async () => {
    for (const [method, path] of [
      ["PUT", "/v1/kubernetes_clusters/K8sProd1"],
      ["POST", "/v1/remote_block_storage/volumes"],
    ] as const) {
      const res = await sim().req<ApiErrorBody>(method, path, undefined, { rawBody: "null" });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ base: "the body must be a JSON object" });
    }
  });

  it("refuses numeric strings where the spec types an integer, naming the field and the type", async () => {
    const sbm = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", {
      location_id: "1",
      sbm_flavor_model_id: "601",
      operating_system_id: 302,
      hosts: [{ hostname: "n1.example.com" }],
    });
    expect(sbm.status).toBe(422);
    expect(sbm.body.errors).toMatchObject({
      location_id: 'must be an integer (got the string "1")',
      sbm_flavor_model_id: 'must be an integer (got the string "601")',
    });
    const rbs = await sim().req<ApiErrorBody>("POST", "/v1/remote_block_storage/volumes", {
      name: "v",
      location_id: 1,
      flavor_id: "1",
      size: "10",
    });
    expect(rbs.status).toBe(422);
    expect(rbs.body.errors?.flavor_id).toBe('must be an integer (got the string "1")');
    expect(rbs.body.errors?.size).toContain('must be an integer (got the string "10")');
    const cloud = await sim().req<ApiErrorBody>("POST", "/v1/cloud_computing/instances", {
      name: "c",
      region_id: "1",
      flavor_id: "SSD.50",
      image_id: 5,
    });
    expect(cloud.status).toBe(422);
    expect(cloud.body.errors).toMatchObject({
      region_id: 'must be an integer (got the string "1")',
      image_id: "must be a string (got number)",
    });
    // Absent stays "is required": the message tells missing from mistyped.
    const missing = await sim().req<ApiErrorBody>("POST", "/v1/hosts/sbm_servers", {
      hosts: [{ hostname: "n1.example.com" }],
    });
    expect(missing.body.errors?.location_id).toBe("is required");
  });

  it("sends an X-Correlation-ID with every answer", async () => {
    const a = await sim().req("GET", "/v1/locations");
    const b = await sim().req("GET", "/v1/nowhere");
    expect(a.headers["x-correlation-id"]).toMatch(/\S/);
    expect(b.headers["x-correlation-id"]).not.toBe(a.headers["x-correlation-id"]);
  });
});

describe("Records: internal fields never leave the simulator", () => {
  const sim = useTestSimulator();

  it("strips fields starting with _ from /v1 answers, lists included", async () => {
    const one = await sim().req<Record<string, unknown>>(
      "GET",
      "/v1/locations/1/order_options/server_models/101",
    );
    expect(Object.keys(one.body).filter((k) => k.startsWith("_"))).toEqual([]);
    const list = await sim().req<Record<string, unknown>[]>(
      "GET",
      "/v1/locations/1/order_options/server_models",
    );
    for (const record of list.body)
      expect(Object.keys(record).filter((k) => k.startsWith("_"))).toEqual([]);
  });

  it("keeps them for the peek hook", async () => {
    const record = await sim().control.peek("server_models", "101");
    expect(record?._location_ids).toEqual([1, 2, 3]);
  });
});
