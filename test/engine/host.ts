// The provider host driver moved to scripts/engine/ (see harness.ts here).
export * from "../../scripts/engine/host";
