// Every record of the official clients (../shared/fixtures/official: the Go client's fixtures,
// newest and each older shape, and srvctl's test data, byte for byte, with a provenance table)
// parses with the SDK schema of what it is, or is listed as not modelled, with the reason
// (test/support/official-records.ts). Without ../shared the suite reports itself skipped.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  officialFiles,
  officialPresent,
  readOfficial,
  SKIP_REASON,
  schemaOf,
} from "../support/official-records";

describe.skipIf(!officialPresent)(
  `the official clients' records${officialPresent ? "" : SKIP_REASON}`,
  () => {
    const files = officialPresent ? officialFiles() : [];

    it("every record has a row: a schema, or the reason it is not modelled", () => {
      const unlisted = files.filter((file) => schemaOf(file) === "no row in this test");
      expect(unlisted).toEqual([]);
      expect(files.length).toBeGreaterThan(300);
    });

    it.each(files.filter((file) => typeof schemaOf(file) !== "string"))("%s parses", (file) => {
      const schema = schemaOf(file) as z.ZodType;
      const result = schema.safeParse(readOfficial(file));
      expect(result.error?.issues ?? []).toEqual([]);
    });
  },
);
