// User data is a secret: the CloudInstance and SbmServer engine tests check it alike.
import { expect, it } from "vitest";
import type { Program } from "./harness";
import type { Scenario } from "./scenario";

/**
 * The ups of `programs` (the last giving the user data) record it as a secret output, and the
 * stored state never holds it in clear; then destroy.
 */
export function userDataIsSecret(
  s: Scenario,
  kind: string,
  programs: (userData: string) => readonly Program[],
): void {
  const userData = "#cloud-config\nchpasswd: { list: 'root:plain-user-data-secret' }\n";
  let stateText = "";

  it("is a secret output", async () => {
    for (const program of programs(userData)) await s.harness().up(program);
    expect(s.stored().additionalSecretOutputs).toContain("userData");
    stateText = s.harness().stateText();
    await s.harness().destroy();
  });

  // The engine seals additionalSecretOutputs only (pkg/resource/deploy/step_executor.go):
  // registration() wraps the input of the same name in pulumi.secret so it is sealed too.
  it("plain user data never reaches the stored state in clear", () => {
    expect(stateText).toContain(`serverscom:${kind}`);
    expect(stateText).not.toContain("plain-user-data-secret");
  });
}
