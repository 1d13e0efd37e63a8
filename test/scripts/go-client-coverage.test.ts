// The Go-client coverage script (scripts/coverage/go-client.mjs, docs/wire.md "Coverage of the Go
// client") on small inline Go sources in the shape of github.com/serverscom/serverscom-go-client's
// pkg/*.go, and on calls of the SDK itself recorded as they are sent.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../scripts/engine/repo";
import * as sdk from "../../sdk";

interface Endpoint {
  readonly method: string;
  readonly verb: string;
  readonly path: string;
}
interface Unread {
  readonly method: string;
  readonly reason: string;
}
interface Request {
  readonly verb: string;
  readonly path: string;
  readonly call?: string;
}
interface GoClient {
  readonly endpoints: Endpoint[];
  readonly unread: Unread[];
}
interface Call {
  readonly area: string;
  readonly method: string;
  readonly args: readonly unknown[];
  readonly reply?: unknown;
}
interface Recorded {
  readonly requests: Request[];
  readonly unread: Unread[];
}
interface Coverage {
  readGoClient(files: readonly { name: string; text: string }[]): GoClient;
  recordSdkRequests(
    sdk: unknown,
    calls: readonly Call[],
    withoutRow?: Readonly<Record<string, string>>,
  ): Promise<Recorded>;
  interpolated(path: string, args: readonly unknown[]): string;
  cover(endpoints: readonly Endpoint[], requests: readonly Request[]): Record<string, Endpoint[]>;
  report(go: GoClient, recorded: Recorded, callCount: number): string[];
}

const load = () =>
  import(join(repoRoot(), "scripts", "coverage", "go-client.mjs")) as Promise<Coverage>;

/** Two files of a made-up client, each shape the script reads once. */
const widgets = `package serverscom

import "context"

const (
	widgetListPath   = "/widgets"
	widgetPath       = widgetListPath + "/%s"
	widgetPowerPath  = "/widgets/%s/power_on" // a comment with "quotes" and a brace {
	hostThingsPath   = "/hosts/%s/%s/things"
	dedicatedPrefix  = "dedicated_servers"
	accountPath      = "/account/balance"
	actionRestore    = "/restore"
	answer           = 42
)

type WidgetsHandler struct {
	client *Client
}

// Collection: GET by NewCollection on a constant.
func (h *WidgetsHandler) Collection() Collection[Widget] {
	return NewCollection[Widget](h.client, widgetListPath)
}

// Get: a path constant defined from another, its argument spread from a slice.
func (h *WidgetsHandler) Get(ctx context.Context, id string) (*Widget, error) {
	url := h.client.buildURL(widgetPath, []interface{}{id}...)
	body, err := h.client.buildAndExecRequest(ctx, "GET", url, nil)
	// h.client.buildAndExecRequest(ctx, "DELETE", url, nil) in a comment is not a request
	return decode(body, err)
}

// Restore: a constant plus an action constant, and query parameters applied.
func (h *WidgetsHandler) Restore(ctx context.Context, id string, params map[string]string) error {
	url := h.client.buildURL(widgetPath+actionRestore, id)
	urlWithParams := h.client.applyParams(url, params)
	_, err := h.client.buildAndExecRequest(ctx, http.MethodPost, urlWithParams, nil)
	return err
}

// Things: a host collection's name filled in from a constant, then NewCollection on the path.
func (h *WidgetsHandler) Things(id string) Collection[Thing] {
	path := h.client.buildPath(hostThingsPath, []interface{}{dedicatedPrefix, id}...)
	return NewCollection[Thing](h.client, path)
}

// PowerOn and Rescue: the helper's endpoint, its feature parameter bound to the literal.
func (h *WidgetsHandler) PowerOn(ctx context.Context, id string) (*Widget, error) {
	return h.act(ctx, widgetPowerPath, id)
}

func (h *WidgetsHandler) Rescue(ctx context.Context, id string) (*Widget, error) {
	return h.feature(ctx, id, "host_rescue_mode")
}

func (h *WidgetsHandler) act(ctx context.Context, path, id string) (*Widget, error) {
	url := h.client.buildURL(path, id)
	body, err := h.client.buildAndExecRequest(ctx, "POST", url, nil)
	return decode(body, err)
}

func (h *WidgetsHandler) feature(ctx context.Context, serverID, feature string) (*Widget, error) {
	url := h.client.buildURL("/hosts/dedicated_servers/%s/features/%s/activate", serverID, feature)
	body, err := h.client.buildAndExecRequest(ctx, "POST", url, nil)
	return decode(body, err)
}

// Balance: the base URL joined to a constant by hand.
func (h *WidgetsHandler) Balance(ctx context.Context) (*Balance, error) {
	url := h.client.baseURL + accountPath
	body, err := h.client.buildAndExecRequest(ctx, "GET", url, nil)
	return decode(body, err)
}

// Gadgets: an endpoint the SDK lacks.
func (h *WidgetsHandler) Gadgets(ctx context.Context) error {
	_, err := h.client.buildAndExecRequest(ctx, "DELETE", h.client.buildURL("/gadgets"), nil)
	return err
}

// Nothing and Unknown cannot be read: no request, and a path from a name the file lacks.
func (h *WidgetsHandler) Nothing() int {
	return answer
}

func (h *WidgetsHandler) Unknown(ctx context.Context) error {
	url := h.client.buildURL(missingPath)
	_, err := h.client.buildAndExecRequest(ctx, "GET", url, nil)
	return err
}
`;

/** A second file: its constants are the package's, and a type that is not a handler. */
const other = `package serverscom

const sprocketPath = "/sprockets/%d"

type SprocketsHandler struct{ client *Client }

func (s *SprocketsHandler) Get(ctx context.Context, id int64) (*Sprocket, error) {
	body, err := s.client.buildAndExecRequest(ctx, "GET", s.client.buildURL(sprocketPath, id), nil)
	return decode(body, err)
}

func (c *Collector) Fetch(ctx context.Context) error { return nil }
`;

const files = [
  { name: "widgets.go", text: widgets },
  { name: "other.go", text: other },
];

describe("scripts/coverage/go-client.mjs", () => {
  it("reads every exported handler method as one endpoint, or says why it cannot", async () => {
    const { readGoClient } = await load();
    const { endpoints, unread } = readGoClient(files);
    expect(endpoints).toEqual([
      { method: "WidgetsHandler.Collection", verb: "GET", path: "/widgets" },
      { method: "WidgetsHandler.Get", verb: "GET", path: "/widgets/{}" },
      { method: "WidgetsHandler.Restore", verb: "POST", path: "/widgets/{}/restore" },
      {
        method: "WidgetsHandler.Things",
        verb: "GET",
        path: "/hosts/dedicated_servers/{}/things",
      },
      { method: "WidgetsHandler.PowerOn", verb: "POST", path: "/widgets/{}/power_on" },
      {
        method: "WidgetsHandler.Rescue",
        verb: "POST",
        path: "/hosts/dedicated_servers/{}/features/host_rescue_mode/activate",
      },
      { method: "WidgetsHandler.Balance", verb: "GET", path: "/account/balance" },
      { method: "WidgetsHandler.Gadgets", verb: "DELETE", path: "/gadgets" },
      { method: "SprocketsHandler.Get", verb: "GET", path: "/sprockets/{}" },
    ]);
    expect(unread).toEqual([
      { method: "WidgetsHandler.Nothing", reason: "no request found" },
      {
        method: "WidgetsHandler.Unknown",
        reason: "cannot evaluate h.client.buildURL(missingPath)",
      },
    ]);
  });

  it("records what the SDK sends, a segment from an argument matching any", async () => {
    const { recordSdkRequests } = await load();
    const volume = { id: "rbs1", name: "data", status: "active", size: 100, labels: {} };
    const { requests, unread } = await recordSdkRequests(sdk, [
      { area: "sshKeys", method: "delete", args: ["aa:bb"] },
      { area: "rbsVolumes", method: "resetCredentials", args: ["rbs1"], reply: volume },
      { area: "dedicatedServers", method: "activateFeature", args: ["ds1", "no_private_ip"] },
      { area: "nowhere", method: "get", args: [] },
    ]);
    expect(requests.map(({ verb, path }) => `${verb} ${path}`)).toEqual([
      // Each call is made twice; a 404 answers the first request of the second run.
      "DELETE /v1/ssh_keys/{}",
      "DELETE /v1/ssh_keys/{}",
      "POST /v1/remote_block_storage/volumes/{}/reset_credentials",
      "POST /v1/remote_block_storage/volumes/{}/reset_credentials",
      // The Go client's path, sent only after a 404 for a volume that exists.
      "GET /v1/remote_block_storage/volumes/{}",
      "POST /v1/remote_block_storage/volumes/{}/credentials/reset",
      "POST /v1/hosts/dedicated_servers/{}/features/{}/activate",
      "POST /v1/hosts/dedicated_servers/{}/features/{}/activate",
    ]);
    expect(unread).toContainEqual({
      method: "nowhere.get",
      reason: "the client has no such method",
    });
    // Every other public method of every area has no call here: each is named as unread.
    expect(unread).toContainEqual({ method: "sshKeys.get", reason: "no call in the table" });
    expect(unread.map((entry) => entry.method)).not.toContain("sshKeys.delete");
  });

  it("makes a segment ANY only where it is one of the call's arguments, as the SDK encodes it", async () => {
    const { interpolated } = await load();
    expect(interpolated("/v1/ssh_keys/aa%3Abb", ["aa:bb"])).toBe("/v1/ssh_keys/{}");
    expect(interpolated("/v1/locations/1/order_options", [1, { id: "order_options" }])).toBe(
      "/v1/locations/{}/order_options",
    );
  });

  it("covers an endpoint by verb and path, and names the endpoints the SDK does not send", async () => {
    const { readGoClient, report } = await load();
    const go = readGoClient(files);
    const sent = [
      "GET /v1/widgets",
      "GET /v1/widgets/{}",
      "POST /v1/widgets/{}/restore",
      "GET /v1/hosts/dedicated_servers/{}/things",
      "POST /v1/widgets/w1/power_on",
      "POST /v1/hosts/dedicated_servers/{}/features/{}/activate",
      "GET /v1/account/balance",
      // The verb differs: GET /sprockets/{} is not sent.
      "DELETE /v1/sprockets/{}",
    ].map((line) => {
      const [verb = "", path = ""] = line.split(" ");
      return { verb, path };
    });
    const lines = report(go, { requests: sent, unread: [] }, 8);
    expect(lines).toEqual([
      "Go client: 11 endpoints (exported methods of its handlers), 9 read",
      "SDK: 8 calls, 8 distinct requests (a segment from an argument as {})",
      "sent by the SDK: 7 of 9",
      "  not sent: DELETE /gadgets (WidgetsHandler.Gadgets)",
      "  not sent: GET /sprockets/{} (SprocketsHandler.Get)",
      "unread: 2",
      "  Go WidgetsHandler.Nothing: no request found",
      "  Go WidgetsHandler.Unknown: cannot evaluate h.client.buildURL(missingPath)",
    ]);
  });
});
