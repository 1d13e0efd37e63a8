export * from "./core/contract";
