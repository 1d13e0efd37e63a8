// SSH keys attached to a dedicated server (api-spec.md, wire-notes.md): list, attach, detach.
// The server keeps fingerprints (`_ssh_key_fingerprints`); the records come from the account's
// keys, so a key deleted from the account no longer shows.
import { type FieldErrors, noContent, ok, readBody, throwIfErrors } from "../framework/body";
import type { AreaHelpers, Router, SimContext, WireRecord } from "../framework/contract";
import { checkFingerprints, DEDICATED, notFound, SSH_KEYS, stringList } from "./hosts-shared";

function attachedKeys(ctx: SimContext, server: WireRecord): WireRecord[] {
  return stringList(server._ssh_key_fingerprints)
    .map((fingerprint) => ctx.store.get(SSH_KEYS, fingerprint))
    .filter((key): key is WireRecord => key !== undefined);
}

export function registerSshKeyRoutes(router: Router, helpers: AreaHelpers): void {
  const base = "/v1/hosts/dedicated_servers/:id/ssh_keys";
  router.add("GET", base, (req, ctx) => {
    const server = helpers.getOr404(ctx, DEDICATED, req.params.id ?? "");
    return helpers.list(req, attachedKeys(ctx, server), {});
  });
  router.add("POST", base, (req, ctx) => {
    const id = req.params.id ?? "";
    const server = helpers.getOr404(ctx, DEDICATED, id);
    const body = readBody(req);
    const errors: FieldErrors = {};
    if (!Array.isArray(body.ssh_key_fingerprints) || body.ssh_key_fingerprints.length === 0) {
      errors.ssh_key_fingerprints = "must list at least one SSH key fingerprint";
    }
    const fingerprints = checkFingerprints(
      ctx.store,
      body.ssh_key_fingerprints,
      "ssh_key_fingerprints",
      errors,
    );
    throwIfErrors(errors);
    const current = stringList(server._ssh_key_fingerprints);
    const next = [...current, ...fingerprints.filter((f) => !current.includes(f))];
    const updated = ctx.store.update(DEDICATED, id, { _ssh_key_fingerprints: next });
    // "Response: array of SSH key records": every key the server now has.
    return ok(attachedKeys(ctx, updated));
  });
  // One attached key (Go `GetDedicatedServerSSHKey`); 404 when it is not attached.
  router.add("GET", `${base}/:fingerprint`, (req, ctx) => {
    const server = helpers.getOr404(ctx, DEDICATED, req.params.id ?? "");
    const fingerprint = req.params.fingerprint ?? "";
    const key = attachedKeys(ctx, server).find(
      (candidate) => candidate.fingerprint === fingerprint,
    );
    if (key === undefined) throw notFound("SSH key attached to this server", fingerprint);
    return ok(key);
  });
  router.add("DELETE", `${base}/:fingerprint`, (req, ctx) => {
    const id = req.params.id ?? "";
    const fingerprint = req.params.fingerprint ?? "";
    const server = helpers.getOr404(ctx, DEDICATED, id);
    const current = stringList(server._ssh_key_fingerprints);
    if (!current.includes(fingerprint))
      throw notFound("SSH key attached to this server", fingerprint);
    ctx.store.update(DEDICATED, id, {
      _ssh_key_fingerprints: current.filter((f) => f !== fingerprint),
    });
    return noContent();
  });
}
