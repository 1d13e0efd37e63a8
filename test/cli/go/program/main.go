// A Go program of the generated SDK (sdks/go/serverscom, through a `replace`), one lifecycle step
// per run, through the real Pulumi CLI.
//
// The CLI cannot start the Go language host here (it is not built: scripts/pulumi-cli/build.mjs),
// so the program is an Automation API inline program: `auto.UpsertStackInlineSource` serves the
// language-host protocol in this process and the CLI connects to it. Everything else is the real
// CLI's: engine, steps, diffs, the native plugin (found through `plugins.providers` in the
// project settings), state files.
//
// Usage: program <up|preview-refresh|update|replace|destroy>, with the stack's settings as JSON
// on stdin (work dir, project, stack, the CLI's folder, the simulator's URL and token). The last
// line of output is the step's result as JSON; the test judges it (test/cli/go/lifecycle.test.ts).
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/pulumi-serverscom/pulumi-serverscom/sdks/go/serverscom"
	"github.com/pulumi/pulumi/sdk/v3/go/auto"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optdestroy"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optpreview"
	"github.com/pulumi/pulumi/sdk/v3/go/auto/optup"
	"github.com/pulumi/pulumi/sdk/v3/go/common/tokens"
	"github.com/pulumi/pulumi/sdk/v3/go/common/workspace"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

type settings struct {
	WorkDir string `json:"workDir"`
	Project string `json:"project"`
	Stack   string `json:"stack"`
	CliRoot string `json:"cliRoot"`
	APIURL  string `json:"apiUrl"`
	Token   string `json:"token"`
}

// program is the program as a user edits it between steps: `update` and `replace` change inputs.
func program(step string) pulumi.RunFunc {
	updated := step == "update" || step == "replace"
	pick := func(later, first string) string {
		if updated {
			return later
		}
		return first
	}
	return func(ctx *pulumi.Context) error {
		location, err := serverscom.GetLocation(ctx, &serverscom.GetLocationArgs{
			Code: pulumi.StringRef("AMS1"),
		})
		if err != nil {
			return err
		}
		standard, err := serverscom.GetRbsFlavor(ctx, &serverscom.GetRbsFlavorArgs{
			LocationId: location.Id,
			Name:       pulumi.StringRef("standard"),
		})
		if err != nil {
			return err
		}
		server, err := serverscom.NewSbmServer(ctx, "web", &serverscom.SbmServerArgs{
			LocationId:        pulumi.Int(location.Id),
			SbmFlavorModelId:  pulumi.Int(601),
			OperatingSystemId: pulumi.Int(302),
			Hostname:          pulumi.String("web-1"),
			Labels:            pulumi.StringMap{"env": pulumi.String(pick("staging", "prod"))},
		})
		if err != nil {
			return err
		}
		size := 100
		if updated {
			size = 120
		}
		volume, err := serverscom.NewRbsVolume(ctx, "data", &serverscom.RbsVolumeArgs{
			LocationId: pulumi.Int(location.Id),
			FlavorId:   pulumi.Int(standard.Id),
			Size:       pulumi.Int(size),
			Labels:     pulumi.StringMap{"env": pulumi.String("prod")},
		})
		if err != nil {
			return err
		}
		// Subnetwork, DnsZone and DnsRecord cannot have two generations at once: the README's
		// "Other languages" section asks programs in other languages for DeleteBeforeReplace.
		cidr := "10.20.0.0/29"
		if step == "replace" {
			cidr = "10.20.0.8/29"
		}
		subnetwork, err := serverscom.NewSubnetwork(ctx, "private", &serverscom.SubnetworkArgs{
			NetworkPoolId: pulumi.String("NpAms1Pr"),
			Cidr:          pulumi.String(cidr),
			Title:         pulumi.String("db"),
		}, pulumi.DeleteBeforeReplace(true))
		if err != nil {
			return err
		}
		zone, err := serverscom.NewDnsZone(ctx, "zone", &serverscom.DnsZoneArgs{
			Name:  pulumi.String("example.com"),
			Email: pulumi.String("admin@example.com"),
		}, pulumi.DeleteBeforeReplace(true))
		if err != nil {
			return err
		}
		ttl := 300
		if updated {
			ttl = 600
		}
		record, err := serverscom.NewDnsRecord(ctx, "www", &serverscom.DnsRecordArgs{
			ZoneId: zone.ID().ToStringOutput(),
			Name:   pulumi.String("www"),
			Type:   serverscom.DnsRecordTypeA,
			Data:   pulumi.String("192.0.2.1"),
			Ttl:    pulumi.Int(ttl),
		}, pulumi.DeleteBeforeReplace(true))
		if err != nil {
			return err
		}
		ctx.Export("locationCode", pulumi.String(location.Code))
		ctx.Export("serverStatus", server.Status)
		ctx.Export("volumeSize", volume.Size)
		ctx.Export("volumeAddress", volume.IpAddress)
		ctx.Export("subnetCidr", subnetwork.Cidr)
		ctx.Export("recordTtl", record.Ttl)
		return nil
	}
}

func run(step string, s settings) (map[string]int, map[string]any, error) {
	ctx := context.Background()
	cli, err := auto.NewPulumiCommand(&auto.PulumiCommandOptions{Root: s.CliRoot})
	if err != nil {
		return nil, nil, err
	}
	project := workspace.Project{
		Name:    tokens.PackageName(s.Project),
		Runtime: workspace.NewProjectRuntimeInfo("go", nil),
		Plugins: &workspace.Plugins{Providers: []workspace.PluginOptions{
			{Name: "serverscom", Path: filepath.Join(s.WorkDir, "node_modules", ".bin")},
		}},
	}
	stack, err := auto.UpsertStackInlineSource(ctx, s.Stack, s.Project, program(step),
		auto.WorkDir(s.WorkDir), auto.Pulumi(cli), auto.Project(project))
	if err != nil {
		return nil, nil, err
	}
	if err := stack.SetConfig(ctx, "serverscom:apiUrl", auto.ConfigValue{Value: s.APIURL}); err != nil {
		return nil, nil, err
	}
	token := auto.ConfigValue{Value: s.Token, Secret: true}
	if err := stack.SetConfig(ctx, "serverscom:apiToken", token); err != nil {
		return nil, nil, err
	}
	switch step {
	case "preview-refresh":
		result, err := stack.Preview(ctx, optpreview.Refresh(), optpreview.ExpectNoChanges(),
			optpreview.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, nil, err
		}
		summary := map[string]int{}
		for op, n := range result.ChangeSummary {
			summary[string(op)] = n
		}
		return summary, map[string]any{}, nil
	case "destroy":
		result, err := stack.Destroy(ctx, optdestroy.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, nil, err
		}
		return *result.Summary.ResourceChanges, map[string]any{}, nil
	default:
		result, err := stack.Up(ctx, optup.ProgressStreams(os.Stderr))
		if err != nil {
			return nil, nil, err
		}
		outputs := map[string]any{}
		for name, output := range result.Outputs {
			outputs[name] = output.Value
		}
		return *result.Summary.ResourceChanges, outputs, nil
	}
}

func main() {
	var s settings
	if err := json.NewDecoder(os.Stdin).Decode(&s); err != nil {
		fmt.Fprintln(os.Stderr, "settings:", err)
		os.Exit(2)
	}
	summary, outputs, err := run(os.Args[1], s)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	line, err := json.Marshal(map[string]any{"summary": summary, "outputs": outputs})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println(string(line))
}
