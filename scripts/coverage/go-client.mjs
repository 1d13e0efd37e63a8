// `npm run go-client-coverage -- <folder>`: how many endpoints of the servers.com Go client
// (github.com/serverscom/serverscom-go-client) our SDK sends (docs/wire.md, "Coverage of the Go
// client"). <folder> holds the client's pkg/*.go (a checkout of the repository, or its pkg/).
//
//   Go side   every exported method of a `*...Handler` type is one endpoint: the verb it passes
//             to buildAndExecRequest (GET where it returns a NewCollection) and the path it
//             formats with buildURL/buildPath from the file's constants and literals; a method
//             that calls a helper of its handler takes the helper's endpoint, the helper's
//             parameters bound to the literals and constants passed in (feature names, host
//             collections).
//   SDK side  what the SDK sends, not a reading of its TypeScript: every call of
//             test/sdk/request-shapes.ts (one row per public method of every area, each row's
//             request checked by request-shapes.test.ts) is made on the built SDK (dist/)
//             against a recording undici MockAgent, once as the table answers it and once with
//             a 404 to its first request (a path sent only after a 404 counts too); a method
//             the table lists in withoutRow is called without arguments. Paths are built at run
//             time (path helpers, collection base classes, RecordsAt), so recording them is
//             exact where parsing would guess. A segment equal to one of the call's arguments
//             is formatted from it.
//   covered   an SDK request has the endpoint's verb and path; a segment formatted from a
//             variable (the Go client's %s and %d, the SDK's arguments) matches any segment.
//
// Prints the counts, every endpoint the SDK does not send, and whatever it could not read (a
// method with no request, a path it cannot evaluate, an SDK method with no call). Exits 1 when
// something is unread.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(import.meta.url);

/** A segment formatted from a variable: it matches any segment of an SDK request. */
export const ANY = "{}";

// --- Go side ---

/** The Go source with its comments blanked out (strings and runes kept as they are). */
export function stripGoComments(source) {
  let out = "";
  for (let i = 0; i < source.length; ) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      const start = i++;
      while (i < source.length && source[i] !== c) i += c !== "`" && source[i] === "\\" ? 2 : 1;
      i++;
      out += source.slice(start, i);
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index just past the bracket closing the one at `open` (strings skipped). */
function closing(source, open) {
  const pairs = { "(": ")", "{": "}", "[": "]" };
  const stack = [];
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < source.length && source[i] !== c; )
        i += c !== "`" && source[i] === "\\" ? 2 : 1;
    } else if (c in pairs) {
      stack.push(pairs[c]);
    } else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i + 1;
    }
  }
  return source.length;
}

/** Splits at the commas (or another separator) outside brackets and strings. */
function splitTop(text, separator = ",") {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c; ) i += c !== "`" && text[i] === "\\" ? 2 : 1;
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = text.slice(start).trim();
  if (last !== "") parts.push(last);
  return parts;
}

/** A Go string literal's value, or undefined when `text` is not one. */
function goString(text) {
  if (/^"(?:[^"\\]|\\.)*"$/.test(text)) return JSON.parse(text);
  if (/^`[^`]*`$/.test(text)) return text.slice(1, -1);
  return undefined;
}

/**
 * The value of a string expression: literals, names (looked up in `scope`, then `constants`)
 * and `+`. Undefined when a part is not a known string.
 */
function evaluate(expression, scope, constants) {
  let value = "";
  for (const part of splitTop(expression, "+")) {
    // The client's base URL is the origin with /v1; the SDK's paths are compared below it.
    const literal = /^\w+\.client\.baseURL$/.test(part) ? "" : goString(part);
    const known = literal ?? (part in scope ? scope[part] : constants.get(part));
    if (typeof known !== "string") return undefined;
    value += known;
  }
  return value;
}

/** The string constants of the package (`const name = ...` and `const ( ... )` blocks). */
function readConstants(sources) {
  const pending = new Map();
  for (const source of sources) {
    for (const match of source.matchAll(/^const\s*(\(|\w+)/gm)) {
      const lines =
        match[1] === "("
          ? source
              .slice(
                match.index + match[0].length,
                closing(source, match.index + match[0].length - 1) - 1,
              )
              .split("\n")
          : [source.slice(match.index + 5).split("\n")[0]];
      for (const line of lines) {
        const spec = /^\s*(\w+)(?:\s+\w+)?\s*=\s*(.+?)\s*$/.exec(line);
        if (spec) pending.set(spec[1], spec[2]);
      }
    }
  }
  // A constant may be defined from others in any order: evaluate until nothing changes.
  const constants = new Map();
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, expression] of pending) {
      const value = evaluate(expression, {}, constants);
      if (value !== undefined) {
        constants.set(name, value);
        pending.delete(name);
        changed = true;
      }
    }
  }
  return constants;
}

/** Every method of a `*...Handler` type: its handler, name, receiver, parameters and body. */
function readMethods(source) {
  const methods = [];
  const header = /^func \((\w+) \*(\w+Handler)\) (\w+)(?:\[[^\]]*\])?\(/gm;
  for (const match of source.matchAll(header)) {
    const paramsEnd = closing(source, match.index + match[0].length - 1);
    const params = splitTop(source.slice(match.index + match[0].length, paramsEnd - 1));
    // gofmt puts a function's opening brace last on the line of its signature.
    const lineEnd = source.indexOf("\n", paramsEnd);
    const open = source.lastIndexOf("{", lineEnd);
    methods.push({
      handler: match[2],
      name: match[3],
      receiver: match[1],
      params: parameterNames(params),
      body: source.slice(open + 1, closing(source, open) - 1),
    });
  }
  return methods;
}

/** Go parameter names: `a, b string, c []byte` names a, b and c. */
function parameterNames(params) {
  return params.map((param) => param.split(/\s+/)[0]).filter((name) => name !== "");
}

/** The arguments a call passes to a format: `a, b` or `[]interface{}{a, b}...`. */
function formatArguments(args) {
  const spread = args.length === 1 ? /^\[\]interface\{\}\{(.*)\}\.\.\.$/s.exec(args[0]) : null;
  return spread ? splitTop(spread[1]) : args;
}

/** A format (buildURL/buildPath) filled in: known strings in place, ANY for the others. */
function format(pattern, args, scope, constants) {
  let index = 0;
  return pattern.replace(/%[sdv]/g, () => {
    const arg = args[index++];
    const value = arg === undefined ? undefined : evaluate(arg, scope, constants);
    return value ?? ANY;
  });
}

const VERBS = {
  MethodGet: "GET",
  MethodPost: "POST",
  MethodPut: "PUT",
  MethodPatch: "PATCH",
  MethodDelete: "DELETE",
};

/**
 * The requests a method's body makes, its parameters bound in `scope` (a string, or ANY):
 * `[{ verb, path }]`, or `{ unread }` saying why none could be read.
 */
function readRequests(method, scope, context, depth = 0) {
  const { constants, methods } = context;
  const locals = { ...scope };
  const requests = [];
  const problems = [];
  const unevaluated = new Set();
  const pathOf = (expression) => {
    const call = /^\w+\.client\.build(?:URL|Path)\((.*)\)$/s.exec(expression);
    if (call) {
      const [pattern, ...args] = splitTop(call[1]);
      const value = evaluate(pattern ?? "", locals, constants);
      if (value === undefined) return undefined;
      return format(value, formatArguments(args), locals, constants);
    }
    return evaluate(expression, locals, constants);
  };
  for (const statement of method.body.split("\n").map((line) => line.trim())) {
    const assignment =
      /^(\w+)\s*:?=\s*(.*\.client\.(?:build(?:URL|Path)\(|applyParams\(|baseURL).*)$/.exec(
        statement,
      );
    if (assignment) {
      const params = /^\w+\.client\.applyParams\((\w+),/.exec(assignment[2]);
      const value = params ? locals[params[1]] : pathOf(assignment[2]);
      if (value === undefined) {
        problems.push(`cannot evaluate ${assignment[2]}`);
        unevaluated.add(assignment[1]);
      } else locals[assignment[1]] = value;
      continue;
    }
    const exec = /\.client\.buildAndExecRequest(?:WithResponse)?\(/.exec(statement);
    if (exec) {
      const open = exec.index + exec[0].length - 1;
      const args = splitTop(statement.slice(open + 1, closing(statement, open) - 1));
      const [, verbArg = "", urlArg = ""] = args;
      const verb = goString(verbArg) ?? VERBS[verbArg.replace(/^http\./, "")];
      const path = pathOf(urlArg);
      // A URL whose assignment could not be evaluated is already said above.
      if (verb === undefined || (path === undefined && !unevaluated.has(urlArg))) {
        problems.push(`cannot read ${statement}`);
      } else if (path !== undefined) requests.push({ verb, path });
      continue;
    }
    const collection = /NewCollection\[[^\]]+\]\(\s*\w+\.client\s*,\s*(.+)\)$/.exec(statement);
    if (collection) {
      const path = pathOf(collection[1]);
      if (path === undefined) problems.push(`cannot evaluate ${collection[1]}`);
      else requests.push({ verb: "GET", path });
      continue;
    }
    // A call of another method of the same handler: its requests, its parameters bound.
    const helper = new RegExp(`\\b${method.receiver}\\.(\\w+)\\(`).exec(statement);
    const callee =
      helper && methods.find((m) => m.handler === method.handler && m.name === helper[1]);
    if (callee && depth < 5) {
      const open = helper.index + helper[0].length - 1;
      const args = splitTop(statement.slice(open + 1, closing(statement, open) - 1));
      const bound = {};
      callee.params.forEach((name, i) => {
        const value = args[i] === undefined ? undefined : evaluate(args[i], locals, constants);
        bound[name] = value ?? ANY;
      });
      const inner = readRequests(callee, bound, context, depth + 1);
      if ("unread" in inner) problems.push(`${callee.name}: ${inner.unread}`);
      else requests.push(...inner);
    }
  }
  if (problems.length > 0) return { unread: problems.join("; ") };
  if (requests.length === 0) return { unread: "no request found" };
  return requests;
}

/**
 * The Go client's endpoints read from its package sources (`{ name, text }` per file):
 * `{ endpoints: [{ method, verb, path }], unread: [{ method, reason }] }`.
 */
export function readGoClient(files) {
  const sources = files.map((file) => stripGoComments(file.text));
  const constants = readConstants(sources);
  const methods = sources.flatMap(readMethods);
  const endpoints = [];
  const unread = [];
  for (const method of methods.filter((m) => /^[A-Z]/.test(m.name))) {
    const name = `${method.handler}.${method.name}`;
    const scope = Object.fromEntries(method.params.map((param) => [param, ANY]));
    const requests = readRequests(method, scope, { constants, methods });
    const distinct =
      "unread" in requests ? [] : [...new Set(requests.map((r) => `${r.verb} ${r.path}`))];
    if ("unread" in requests) unread.push({ method: name, reason: requests.unread });
    else if (distinct.length > 1)
      unread.push({ method: name, reason: `several requests: ${distinct.join(", ")}` });
    else endpoints.push({ method: name, verb: requests[0].verb, path: requests[0].path });
  }
  return { endpoints, unread };
}

/** The non-test Go files of a folder holding pkg/*.go (or of pkg/ itself). */
export function goFiles(folder) {
  const pkg = statSync(join(folder, "pkg"), { throwIfNoEntry: false })?.isDirectory()
    ? join(folder, "pkg")
    : folder;
  const names = readdirSync(pkg).filter(
    (name) => name.endsWith(".go") && !name.endsWith("_test.go"),
  );
  if (names.length === 0) throw new Error(`no Go files in ${pkg}`);
  return names.sort().map((name) => ({ name, text: readFileSync(join(pkg, name), "utf8") }));
}

// --- SDK side ---

/** The public methods of each area of a client (`area.method`), read off the prototypes. */
function areaMethods(client) {
  const names = new Set();
  for (const [area, api] of Object.entries(client)) {
    if (typeof api !== "object" || api === null) continue;
    for (
      let proto = Object.getPrototypeOf(api);
      proto && proto !== Object.prototype;
      proto = Object.getPrototypeOf(proto)
    ) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        if (name !== "constructor" && typeof api[name] === "function") names.add(`${area}.${name}`);
      }
    }
  }
  return [...names].sort();
}

const NO_CONTENT = { statusCode: 204, data: "" };

/** An undici MockAgent answer with a JSON body. */
function json(statusCode, body) {
  return {
    statusCode,
    data: JSON.stringify(body),
    responseOptions: { headers: { "content-type": "application/json" } },
  };
}

/**
 * A recorded path with each segment that is one of the call's arguments (a string or a number,
 * as the SDK encodes it) made ANY: the SDK formats it from that argument, so it sends any value
 * there (an id, a feature's name).
 */
export function interpolated(path, args) {
  const values = new Set(
    args
      .filter((arg) => typeof arg === "string" || typeof arg === "number")
      .map((arg) => encodeURIComponent(String(arg))),
  );
  return path
    .split("/")
    .map((segment) => (values.has(segment) ? ANY : segment))
    .join("/");
}

/**
 * What the SDK sends for each call (`{ area, method, args, reply? }`), recorded by an undici
 * MockAgent: `{ requests: [{ verb, path, call }], unread: [{ method, reason }] }`. `sdk` is the
 * built SDK module (dist/sdk); `withoutRow` names methods to call without arguments; every other
 * public method of an area with no call is unread.
 */
export async function recordSdkRequests(sdk, calls, withoutRow = {}) {
  const { MockAgent } = require("undici");
  const origin = "https://api.example.test";
  const agent = new MockAgent();
  agent.disableNetConnect();
  const sent = [];
  // The answers of the call being made, in order; its last one answers any further request.
  let answers = [];
  agent
    .get(origin)
    .intercept({ path: () => true, method: () => true })
    .reply((request) => {
      sent.push({ verb: request.method, path: new URL(request.path, origin).pathname });
      return answers[Math.min(sent.length, answers.length) - 1];
    })
    .persist();
  const client = new sdk.ServersComClient({
    token: "t",
    baseUrl: origin,
    dispatcher: agent,
    maxRetries: 0,
  });
  const requests = [];
  const unread = [];
  const all = [
    ...calls,
    ...Object.keys(withoutRow).map((name) => {
      const [area, method] = name.split(".");
      return { area, method, args: [] };
    }),
  ];
  try {
    for (const call of all) {
      const name = `${call.area}.${call.method}`;
      const api = client[call.area];
      if (typeof api?.[call.method] !== "function") {
        unread.push({ method: name, reason: "the client has no such method" });
        continue;
      }
      const answer = call.reply === undefined ? NO_CONTENT : json(200, call.reply);
      // Each call twice: as the table answers it, then with a 404 to its first request, so a
      // path the SDK sends only after a 404 is recorded too (the RBS credential reset's second
      // path, docs/wire.md "Remote block storage").
      sent.length = 0;
      for (const run of [[answer], [json(404, { code: "NOT_FOUND", message: "absent" }), answer]]) {
        answers = run;
        // The answer may not parse for a call made without arguments: only the requests count.
        await Promise.resolve(Reflect.apply(api[call.method], api, [...call.args])).catch(
          () => undefined,
        );
        for (const request of sent.splice(0)) {
          requests.push({ ...request, path: interpolated(request.path, call.args), call: name });
        }
      }
      if (!requests.some((request) => request.call === name)) {
        unread.push({ method: name, reason: "sent no request" });
      }
    }
    const called = new Set(all.map((call) => `${call.area}.${call.method}`));
    for (const name of areaMethods(client)) {
      if (!called.has(name)) unread.push({ method: name, reason: "no call in the table" });
    }
  } finally {
    await client.close();
    await agent.close();
  }
  return { requests, unread };
}

// --- Coverage ---

/**
 * Whether an SDK request path (with its /v1 prefix) is the Go client's path: a segment either
 * side formats from a variable matches any segment.
 */
function samePath(goPath, sdkPath) {
  const go = goPath.split("/");
  const sent = sdkPath.replace(/^\/v1(?=\/)/, "").split("/");
  return (
    go.length === sent.length &&
    go.every((segment, i) => segment === ANY || sent[i] === ANY || segment === sent[i])
  );
}

/** The endpoints an SDK request has the verb and path of, and those none has. */
export function cover(endpoints, requests) {
  const sent = (endpoint) =>
    requests.some(
      (request) => request.verb === endpoint.verb && samePath(endpoint.path, request.path),
    );
  return {
    covered: endpoints.filter(sent),
    missing: endpoints.filter((endpoint) => !sent(endpoint)),
  };
}

/** test/sdk/request-shapes.ts (no imports, types only), compiled to JavaScript and loaded. */
async function loadRequestShapes() {
  const ts = require("typescript");
  const source = readFileSync(join(REPO, "test", "sdk", "request-shapes.ts"), "utf8");
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString("base64")}`);
}

/** The report printed: the counts, the endpoints not sent, what could not be read. */
export function report(go, recorded, callCount) {
  const { covered, missing } = cover(go.endpoints, recorded.requests);
  const distinct = new Set(recorded.requests.map((request) => `${request.verb} ${request.path}`));
  const unread = [
    ...go.unread.map((entry) => `Go ${entry.method}: ${entry.reason}`),
    ...recorded.unread.map((entry) => `SDK ${entry.method}: ${entry.reason}`),
  ];
  return [
    `Go client: ${go.endpoints.length + go.unread.length} endpoints (exported methods of its handlers), ${go.endpoints.length} read`,
    `SDK: ${callCount} calls, ${distinct.size} distinct requests (a segment from an argument as ${ANY})`,
    `sent by the SDK: ${covered.length} of ${go.endpoints.length}`,
    ...missing.map(
      (endpoint) => `  not sent: ${endpoint.verb} ${endpoint.path} (${endpoint.method})`,
    ),
    `unread: ${unread.length}`,
    ...unread.map((line) => `  ${line}`),
  ];
}

async function main() {
  const folder = process.argv[2];
  if (folder === undefined) {
    console.error(
      "usage: node scripts/coverage/go-client.mjs <folder holding the Go client's pkg/*.go>",
    );
    process.exit(2);
  }
  const go = readGoClient(goFiles(folder));
  const sdkEntry = join(REPO, "dist", "sdk", "index.js");
  if (!existsSync(sdkEntry)) {
    console.error(
      "the built SDK is missing: run `npm run build` (npm run go-client-coverage does)",
    );
    process.exit(2);
  }
  const sdk = require(sdkEntry);
  const { requestShapes, withoutRow } = await loadRequestShapes();
  const recorded = await recordSdkRequests(sdk, requestShapes, withoutRow);
  const callCount = requestShapes.length + Object.keys(withoutRow).length;
  for (const line of report(go, recorded, callCount)) console.log(line);
  if (go.unread.length + recorded.unread.length > 0) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
