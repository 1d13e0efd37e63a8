// The RBS credential reset where the sources disagree (docs/wire.md, "Remote block storage"):
// Ansible's POST .../reset_credentials first (its integration test runs against the live API);
// a 404 to it, for a volume that exists, sends the Go client's POST .../credentials/reset once.
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../sdk";
import { useWireBed } from "./support-wire";

const volume = { id: "Rbs1", name: "data", status: "active" };
const notFound = { code: "NOT_FOUND", message: "Not found" };

describe("rbsVolumes.resetCredentials", () => {
  const bed = useWireBed();

  it("sends reset_credentials and answers the volume", async () => {
    bed().answer(202, volume);
    expect(await bed().client.rbsVolumes.resetCredentials("Rbs1")).toMatchObject(volume);
    expect(bed().sent.map((s) => `${s.method} ${s.pathname}`)).toEqual([
      "POST /v1/remote_block_storage/volumes/Rbs1/reset_credentials",
    ]);
  });

  it("a 404 there, for a volume that exists: the Go client's credentials/reset", async () => {
    bed().answer(404, notFound);
    bed().answer(200, volume);
    bed().answer(202, volume);
    expect(await bed().client.rbsVolumes.resetCredentials("Rbs1")).toMatchObject(volume);
    expect(bed().sent.map((s) => `${s.method} ${s.pathname}`)).toEqual([
      "POST /v1/remote_block_storage/volumes/Rbs1/reset_credentials",
      "GET /v1/remote_block_storage/volumes/Rbs1",
      "POST /v1/remote_block_storage/volumes/Rbs1/credentials/reset",
    ]);
  });

  it("a volume that does not exist is NotFoundError, with no second POST", async () => {
    bed().answer(404, notFound);
    bed().answer(404, notFound);
    await expect(bed().client.rbsVolumes.resetCredentials("Gone")).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(bed().sent).toHaveLength(2);
  });
});
