// The local API simulator's public entry point (`pulumi-serverscom/simulator`).
export {};
