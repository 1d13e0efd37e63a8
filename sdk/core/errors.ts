// The SDK's error hierarchy. This module has no imports so that the pure modules (labels,
// limits) and the simulator can use it without pulling in the transport.

/** Base of every error the SDK throws. */
export class ServersComError extends Error {
  override name = "ServersComError";
}

/**
 * Bad input caught before any request is sent: names the field and the rule it breaks,
 * for example field "labels.env", rule "a value is at most 63 characters".
 */
export class InputValidationError extends ServersComError {
  override name = "InputValidationError";
  constructor(
    readonly field: string,
    readonly rule: string,
    message = `${field}: ${rule}`,
  ) {
    super(message);
  }
}
