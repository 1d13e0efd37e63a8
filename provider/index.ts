// The Pulumi provider's public entry point (`pulumi-serverscom`).
export {};
