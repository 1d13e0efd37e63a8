// A client whose requests go to an undici MockAgent: each test answers the next request and reads
// back what the SDK sent (method, path with query, body). For checks of the wire, not of behaviour.
import { MockAgent } from "undici";
import { afterEach, beforeEach } from "vitest";
import { ServersComClient } from "../../sdk";

const ORIGIN = "https://api.example.test";

export interface SentRequest {
  readonly method: string;
  readonly pathname: string;
  readonly query: Record<string, string>;
  readonly body: unknown;
}

export interface WireBed {
  readonly client: ServersComClient;
  /** Answers the next request with this status and JSON body (text when a string is given). */
  answer(status: number, data?: unknown, contentType?: string): void;
  readonly sent: SentRequest[];
  /** How many answers given are still waiting for a request. */
  pending(): number;
}

export function useWireBed(): () => WireBed {
  let bed: WireBed | undefined;
  let agent: MockAgent;
  beforeEach(() => {
    agent = new MockAgent();
    agent.disableNetConnect();
    const sent: SentRequest[] = [];
    const client = new ServersComClient({
      token: "t",
      baseUrl: ORIGIN,
      dispatcher: agent,
      maxRetries: 0,
    });
    bed = {
      client,
      sent,
      pending: () => agent.pendingInterceptors().length,
      answer(status, data, contentType = "application/json") {
        agent
          .get(ORIGIN)
          .intercept({ path: () => true, method: () => true })
          .reply((request) => {
            const url = new URL(request.path, ORIGIN);
            const body = request.body;
            sent.push({
              method: request.method,
              pathname: url.pathname,
              query: Object.fromEntries(url.searchParams),
              body: typeof body === "string" ? JSON.parse(body) : undefined,
            });
            return {
              statusCode: status,
              data:
                data === undefined ? "" : typeof data === "string" ? data : JSON.stringify(data),
              responseOptions: { headers: { "content-type": contentType } },
            };
          });
      },
    };
  });
  afterEach(async () => {
    await bed?.client.close();
    await agent.close();
  });
  return () => {
    if (bed === undefined) throw new Error("useWireBed: used outside a test");
    return bed;
  };
}
