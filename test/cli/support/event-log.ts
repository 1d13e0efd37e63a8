// The engine's events of one command, as `--event-log <file>` writes them: one JSON event a line.
// The flag exists only with PULUMI_DEBUG_COMMANDS set (pulumi/pulumi v3.274.1
// pkg/cmd/pulumi/operations/up.go:1023-1028, and alike in preview.go, refresh.go, destroy.go).
import { readFileSync } from "node:fs";
import type { EngineEvent } from "@pulumi/pulumi/automation";

/** The events of an event log file, in the order the engine wrote them. */
export function readEventLog(file: string): EngineEvent[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as EngineEvent);
}
