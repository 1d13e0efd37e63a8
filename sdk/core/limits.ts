// Local checks of the bounds api-spec.md states, so a bad value fails before a request (and,
// for creates, before anything is bought) with a message naming the field and the rule.
// Pure: the simulator applies the same rules to what it receives.
import { InputValidationError } from "./errors";

/** api-spec.md, Limits: "Maximum 100 items per page". */
export const MAX_PER_PAGE = 100;
/** api-spec.md, Limits: "ipxe_config size 64 KB maximum", read as 64 x 1024 bytes of UTF-8. */
export const MAX_IPXE_CONFIG_BYTES = 65_536;
/** api-spec.md, Limits: "RBS volume size 2048 GB maximum". */
export const MAX_RBS_VOLUME_SIZE_GB = 2048;
/** The characters an iPXE script's first line consists of (api-spec.md, iPXE Boot). */
export const IPXE_SHEBANG = "#!ipxe";

function isWholeNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** per_page: a whole number from 1 to 100. */
export function checkPerPage(value: number, field = "per_page"): void {
  if (!isWholeNumber(value) || value < 1 || value > MAX_PER_PAGE) {
    throw new InputValidationError(
      field,
      `must be a whole number from 1 to ${MAX_PER_PAGE} (got ${String(value)})`,
    );
  }
}

/** page: a whole number, at least 1. */
export function checkPage(value: number, field = "page"): void {
  if (!isWholeNumber(value) || value < 1) {
    throw new InputValidationError(
      field,
      `must be a whole number, at least 1 (got ${String(value)})`,
    );
  }
}

/**
 * An iPXE script: at most 64 KB as UTF-8 (the service counts bytes, and one non-ASCII character
 * takes up to four), and a first line that is `#!ipxe`.
 *
 * The first line may end in spaces, tabs or a carriage return: iPXE itself only requires
 * whitespace after the `#!ipxe` signature, and scripts saved with CRLF line ends are common.
 * Anything else on that line (leading spaces, a byte-order mark, `#!ipxe-x`, `#!ipxe foo`) is
 * refused, since the spec says the line is exactly those characters.
 */
export function checkIpxeConfig(value: string, field = "ipxe_config"): void {
  if (typeof value !== "string") {
    throw new InputValidationError(field, "must be a string holding an iPXE script");
  }
  const bytes = Buffer.byteLength(value, "utf8");
  if (bytes > MAX_IPXE_CONFIG_BYTES) {
    throw new InputValidationError(
      field,
      `must be at most ${MAX_IPXE_CONFIG_BYTES} bytes (64 KB) as UTF-8 (got ${bytes} bytes)`,
    );
  }
  const firstLine = firstLineOf(value);
  if (firstLine !== IPXE_SHEBANG) {
    throw new InputValidationError(
      field,
      `the first line must be ${IPXE_SHEBANG} (got ${JSON.stringify(firstLine.slice(0, 40))})`,
    );
  }
}

// Written as a loop: a regular expression such as /[ \t\r]+$/ backtracks quadratically on a
// long line of blanks, and this text is user input of up to 64 KB.
function firstLineOf(text: string): string {
  const newline = text.indexOf("\n");
  let end = newline === -1 ? text.length : newline;
  while (end > 0) {
    const c = text[end - 1];
    if (c !== " " && c !== "\t" && c !== "\r") break;
    end -= 1;
  }
  return text.slice(0, end);
}

/** An RBS volume size in GB: a whole number from 1 to 2048. */
export function checkRbsSize(size: number, field = "size"): void {
  if (!isWholeNumber(size) || size < 1 || size > MAX_RBS_VOLUME_SIZE_GB) {
    throw new InputValidationError(
      field,
      `must be a whole number of GB from 1 to ${MAX_RBS_VOLUME_SIZE_GB} (got ${String(size)})`,
    );
  }
}
