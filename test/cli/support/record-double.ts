// An HTTP double of the API that answers GETs with given records as they are (no defaults, no
// echo of what the SDK expects): the official clients' recorded JSON, for the real CLI's reads.
// A route is a path below /v1; a list answers as one bare page (no `Link` header), as the API's
// last page does. Anything else is refused and remembered: a GET of a path without a route (404,
// as the API answers a missing object) and every write (405), so a test can show that a refresh
// asked only for what it was given and changed nothing.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordDouble {
  /** The API root to configure (`serverscom:apiUrl`). */
  readonly url: string;
  /** The bearer token it expects. */
  readonly token: string;
  /** Requests it answered: "GET /v1/...". */
  readonly answered: string[];
  /** Requests it refused: GETs without a route, writes, a wrong token. */
  readonly refused: string[];
  close(): Promise<void>;
}

export async function startRecordDouble(
  routes: ReadonlyMap<string, unknown>,
  token = "official-records-token",
): Promise<RecordDouble> {
  const answered: string[] = [];
  const refused: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://double");
    const line = `${request.method} ${url.pathname}`;
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    // The body is drained so that a refused write does not leave the connection half read.
    request.resume();
    if (request.headers.authorization !== `Bearer ${token}`) {
      refused.push(`${line} (token)`);
      send(401, { code: "UNAUTHORIZED", message: "Unauthorized" });
      return;
    }
    if (request.method !== "GET") {
      refused.push(line);
      send(405, { code: "METHOD_NOT_ALLOWED", message: "the double answers reads only" });
      return;
    }
    const path = decodeURIComponent(url.pathname).replace(/^\/v1\//, "");
    if (!routes.has(path)) {
      refused.push(line);
      send(404, { code: "NOT_FOUND", message: "Not found" });
      return;
    }
    answered.push(line);
    send(200, routes.get(path));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    answered,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
