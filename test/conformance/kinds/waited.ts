// The progress lines of a wait (provider/framework/waiting.ts) as a row expects them: the state
// first seen, then, once the awaited state is reached, the change and the time it took.
import { expect } from "vitest";

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `label` names the resource as every line does ("serverscom:<Kind> <name> (<id>)"); `took`
 * matches the time the wait took ("1m 8s").
 */
export function waited(label: string, from: string, to: string, took = /\d+s/): unknown[] {
  const change = `${escaped(label)}: ${escaped(from)} -> ${escaped(to)}`;
  return [
    `${label}: ${from}`,
    expect.stringMatching(new RegExp(`^${change} after ${took.source}$`)),
  ];
}
