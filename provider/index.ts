// The Pulumi provider's public entry point (`pulumi-serverscom`).
export { RbsVolume, type RbsVolumeArgs } from "./rbs-volume/resource";
/**
 * @internal The implementation behind the serialised provider of each resource kind: the shim
 * stored in every state calls it (provider/shim.ts). Not for programs; kept for compatibility.
 */
export { resourceProvider } from "./registry";
