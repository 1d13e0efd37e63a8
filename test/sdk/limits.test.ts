import { describe, expect, it } from "vitest";
import { InputValidationError } from "../../sdk/core/errors";
import {
  checkIpxeConfig,
  checkPage,
  checkPerPage,
  checkRbsSize,
  MAX_IPXE_CONFIG_BYTES,
  MAX_PER_PAGE,
  MAX_RBS_VOLUME_SIZE_GB,
} from "../../sdk/core/limits";

function failure(check: () => void): InputValidationError {
  try {
    check();
  } catch (error) {
    if (error instanceof InputValidationError) return error;
    throw error;
  }
  throw new Error("expected an InputValidationError");
}

describe("pagination parameters: per_page 1 to 100, page at least 1", () => {
  it("accepts the bounds", () => {
    expect(() => checkPerPage(1)).not.toThrow();
    expect(() => checkPerPage(MAX_PER_PAGE)).not.toThrow();
    expect(() => checkPage(1)).not.toThrow();
    expect(() => checkPage(1_000_000)).not.toThrow();
  });

  it.each([0, 101, 1.5, Number.NaN, -1])("refuses per_page %d, naming it", (value) => {
    const error = failure(() => checkPerPage(value));
    expect(error.field).toBe("per_page");
    expect(error.rule).toContain("from 1 to 100");
  });

  it.each([0, -3, 2.5, Number.POSITIVE_INFINITY])("refuses page %d, naming it", (value) => {
    expect(failure(() => checkPage(value)).field).toBe("page");
  });

  it("names the caller's field", () => {
    expect(failure(() => checkPerPage(0, "perPage")).field).toBe("perPage");
  });
});

describe("ipxe_config: at most 64 KB, first line #!ipxe", () => {
  const header = "#!ipxe\n";

  it("accepts a script of exactly 65,536 bytes", () => {
    const script = header + "x".repeat(MAX_IPXE_CONFIG_BYTES - header.length);
    expect(() => checkIpxeConfig(script)).not.toThrow();
  });

  it("refuses one byte more", () => {
    const script = header + "x".repeat(MAX_IPXE_CONFIG_BYTES - header.length + 1);
    const error = failure(() => checkIpxeConfig(script));
    expect(error.field).toBe("ipxe_config");
    expect(error.rule).toContain("65536 bytes");
  });

  it("counts bytes of UTF-8, not characters", () => {
    // "é" is two bytes: 40,000 characters make 80,000 bytes.
    const script = header + "é".repeat(40_000);
    expect(script.length).toBeLessThan(MAX_IPXE_CONFIG_BYTES);
    expect(() => checkIpxeConfig(script)).toThrow(InputValidationError);
  });

  it.each([
    "#!ipxe",
    "#!ipxe\ndhcp\nchain http://boot.example/x",
    "#!ipxe\r\ndhcp\r\n",
    "#!ipxe  \t\ndhcp",
  ])("accepts %j (trailing blanks and CR allowed on the first line)", (script) => {
    expect(() => checkIpxeConfig(script)).not.toThrow();
  });

  it.each([
    "",
    "dhcp\n#!ipxe",
    " #!ipxe\n",
    "\uFEFF#!ipxe\n",
    "#!ipxe-x\n",
    "#!ipxe dhcp\n",
    "#!IPXE\n",
  ])("refuses %j", (script) => {
    const error = failure(() => checkIpxeConfig(script, "ipxeConfig"));
    expect(error.field).toBe("ipxeConfig");
    expect(error.rule).toContain("first line must be #!ipxe");
  });

  it("reads a first line of 60,000 blanks without quadratic work", () => {
    expect(() => checkIpxeConfig(`#!ipxe${" ".repeat(60_000)}x\n`)).toThrow(InputValidationError);
  });
});

describe("RBS volume size: a positive whole number of GB, at most 2048", () => {
  it.each([1, 100, MAX_RBS_VOLUME_SIZE_GB])("accepts %d", (size) => {
    expect(() => checkRbsSize(size)).not.toThrow();
  });

  it.each([0, -1, 2049, 10.5, Number.NaN])("refuses %d", (size) => {
    const error = failure(() => checkRbsSize(size));
    expect(error.field).toBe("size");
    expect(error.rule).toContain("2048");
  });
});
