// The command line of `serverscom-discover`: every flag checked before any request, a mistake
// named with the flag, the rule and what to do.
import { type LabelRequirement, parseLabelSelector } from "../../sdk/labels";
import { KIND_NAMES, type KindName } from "./kinds";

export interface DiscoverOptions {
  /** The kinds to list (all by default). */
  readonly kinds: readonly KindName[];
  /** Location or region codes, upper case; empty: every location. */
  readonly locations: readonly string[];
  /** The label selector's text and requirements; undefined: no selector. */
  readonly selector?: { readonly text: string; readonly requirements: LabelRequirement[] };
  /** Object ids (or import ids); empty: every object. */
  readonly ids: readonly string[];
  /** Keep objects that carry another stack's ownership label. */
  readonly includeOwned: boolean;
  /** Write a TypeScript program instead of an import file. */
  readonly typescript: boolean;
  /** Where to write; undefined: stdout. */
  readonly out?: string;
  readonly help: boolean;
}

export class UsageError extends Error {
  override name = "UsageError";
}

export const USAGE = `Usage: serverscom-discover [options]

Lists what a servers.com account holds and prints a Pulumi bulk import file
(pulumi import --file) on stdout, or with --typescript a TypeScript program whose
first \`pulumi up\` adopts every object. Progress and warnings go to stderr.

The API token is read from SERVERSCOM_API_TOKEN, the address from SERVERSCOM_API_URL
(default https://api.servers.com).

Options:
  --kinds K1,K2        only these resource kinds (${KIND_NAMES.length}: ${KIND_NAMES.join(", ")})
  --locations C1,C2    only objects in these locations or cloud regions (codes, e.g. AMS1);
                       objects of no location (SSH keys, certificates, DNS) are left out
  --selector TEXT      only objects whose labels match this label selector (env=prod,tier in (web,db));
                       objects without labels (PTR and DNS records, host networks, subnetworks)
                       are matched on the labels of the object they live on
  --ids ID1,ID2        only these objects (their ids, or the ids pulumi import takes)
  --include-owned      keep objects that carry another Pulumi stack's ownership label
  --typescript         write a TypeScript program (dynamic classes, adoptId) instead
  --out FILE           write to FILE (only once discovery succeeded) instead of stdout
  --help               this text
`;

/** The value of a list flag: comma-separated, none empty. */
function listValue(flag: string, value: string | undefined): string[] {
  if (value === undefined || value.startsWith("--")) {
    throw new UsageError(`${flag} needs a value: a comma-separated list (see --help)`);
  }
  const items = value.split(",").map((item) => item.trim());
  if (items.some((item) => item === "")) {
    throw new UsageError(`${flag} "${value}": an empty item; give a comma-separated list`);
  }
  return items;
}

export function parseOptions(argv: readonly string[]): DiscoverOptions {
  let kinds: KindName[] = [...KIND_NAMES];
  let locations: string[] = [];
  let selector: DiscoverOptions["selector"];
  let ids: string[] = [];
  let includeOwned = false;
  let typescript = false;
  let out: string | undefined;
  let help = false;
  const seen = new Set<string>();
  for (let n = 0; n < argv.length; n++) {
    const arg = argv[n] as string;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const takesValue = ["--kinds", "--locations", "--selector", "--ids", "--out"].includes(flag);
    const value = !takesValue ? undefined : eq === -1 ? argv[++n] : arg.slice(eq + 1);
    if (seen.has(flag)) throw new UsageError(`${flag} is given twice: give it once`);
    seen.add(flag);
    switch (flag) {
      case "--kinds": {
        const known = new Map(KIND_NAMES.map((k) => [k.toLowerCase(), k]));
        kinds = listValue(flag, value).map((item) => {
          const kind = known.get(item.toLowerCase());
          if (kind === undefined) {
            throw new UsageError(
              `--kinds: there is no resource kind "${item}"; the kinds are ${KIND_NAMES.join(", ")}`,
            );
          }
          return kind;
        });
        break;
      }
      case "--locations":
        locations = listValue(flag, value).map((code) => code.toUpperCase());
        break;
      case "--selector": {
        if (value === undefined || value.trim() === "") {
          throw new UsageError("--selector needs a label selector, e.g. --selector env=prod");
        }
        try {
          selector = { text: value, requirements: parseLabelSelector(value) };
        } catch (error) {
          throw new UsageError(`--selector "${value}": ${(error as Error).message}`);
        }
        break;
      }
      case "--ids":
        ids = listValue(flag, value);
        break;
      case "--out":
        if (value === undefined || value === "" || value.startsWith("--")) {
          throw new UsageError("--out needs a file name");
        }
        out = value;
        break;
      case "--include-owned":
      case "--typescript":
      case "--help":
      case "-h":
        if (eq !== -1) throw new UsageError(`${flag} takes no value`);
        if (flag === "--include-owned") includeOwned = true;
        else if (flag === "--typescript") typescript = true;
        else help = true;
        break;
      default:
        throw new UsageError(
          `${arg}: not an option of serverscom-discover (see --help for the options)`,
        );
    }
  }
  return {
    kinds,
    locations,
    ...(selector === undefined ? {} : { selector }),
    ids,
    includeOwned,
    typescript,
    ...(out === undefined ? {} : { out }),
    help,
  };
}
