// Command sdkgen writes the Pulumi SDKs of the native plugin's schema (provider/native/
// generated.json) into sdks/<language>: what `pulumi package gen-sdk` writes, made by the same
// code generators.
//
// `pulumi package gen-sdk` binds the schema (pulumi/pulumi v3.274.1
// pkg/cmd/pulumi/packagecmd/package_gen_sdk.go, packages.BindSpec), overrides its version with
// `--version`, then hands the JSON to each language host's GeneratePackage RPC
// (pkg/cmd/pulumi/packages/packages.go, GenSDK), which binds it again with
// AllowDanglingReferences and calls its language's generator. The language hosts are Go modules
// the module proxy reachable here does not serve (scripts/pulumi-cli/build.mjs), so this program
// makes the same calls with the same arguments itself, as the hosts do (pulumi/pulumi
// 1b5949891b3c sdk/python/cmd/pulumi-language-python/main.go, sdk/go/pulumi-language-go/main.go,
// sdk/nodejs/cmd/pulumi-language-nodejs/main.go, GeneratePackage; pulumi/pulumi-dotnet
// pulumi-language-dotnet v3.112.1 main.go, GeneratePackage):
//
//	python: python.GeneratePackage("pulumi-language-python", pkg, extraFiles, loader)
//	go:     go.GeneratePackage("pulumi-language-go", pkg, localDependencies)
//	nodejs: nodejs.GeneratePackage("pulumi-language-nodejs", pkg, extraFiles, localDependencies, local, loader)
//	dotnet: dotnet.GeneratePackage("pulumi-language-dotnet", pkg, extraFiles, localDependencies)
//
// with no overlays, no local dependencies and `local` false (the committed SDKs are the ones a
// registry would publish). The schema refers to no other package, so the loader (the CLI's
// plugin loader behind a gRPC server in gen-sdk) is one that refuses: a reference to another
// package fails the generation instead of reaching for a plugin.
//
// The .NET generator downloads the package's icon: the schema's logoUrl, else Pulumi's generic
// logo from raw.githubusercontent.com (pulumi/pulumi-dotnet v3.112.1
// pulumi-language-dotnet/codegen/gen.go, getLogo), a host this machine cannot reach. This program
// makes no request: the default logo's URL is answered with that module's own copy of the image
// (its codegen/testdata/*/logo.png, the generator's expected output for the same URL, passed as
// -dotnet-logo), and any other request fails.
//
// Usage: sdkgen -schema provider/native/generated.json -out sdks -version 0.1.0 \
//
//	-dotnet-logo <pulumi-language-dotnet module>/codegen/testdata/simple-enum-schema/logo.png [language...]
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"net/http"
	"strings"

	"github.com/blang/semver"
	dotnetgen "github.com/pulumi/pulumi-dotnet/pulumi-language-dotnet/v3/codegen"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	nodejsgen "github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	pythongen "github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// noLoader refuses every package: the schema refers to none but itself.
type noLoader struct{}

var errNoReferences = errors.New("the serverscom schema refers to no other package")

func (noLoader) LoadPackage(string, *semver.Version) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageV2(context.Context, *schema.PackageDescriptor) (*schema.Package, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageReference(string, *semver.Version) (schema.PackageReference, error) {
	return nil, errNoReferences
}

func (noLoader) LoadPackageReferenceV2(
	context.Context, *schema.PackageDescriptor,
) (schema.PackageReference, error) {
	return nil, errNoReferences
}

// defaultLogo is the .NET generator's icon when the schema has no logoUrl.
const defaultLogo = "https://raw.githubusercontent.com/pulumi/pulumi/dbc96206bec722b7791a22ff50e895ab7c0abdc0/sdk/dotnet/pulumi_logo_64x64.png"

// offline answers the default logo's URL from a file and refuses every other request.
type offline struct{ logo string }

func (o offline) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.String() != defaultLogo || o.logo == "" {
		return nil, fmt.Errorf("sdkgen makes no request (%s); a logoUrl needs -dotnet-logo", req.URL)
	}
	data, err := os.ReadFile(o.logo)
	if err != nil {
		return nil, err
	}
	return &http.Response{
		StatusCode: http.StatusOK,
		Header:     http.Header{"Content-Type": []string{"image/png"}},
		Body:       io.NopCloser(strings.NewReader(string(data))),
		Request:    req,
	}, nil
}

// generators: each language as its host calls it, on a freshly bound package (generators
// record language data on the package they are given).
var generators = map[string]func(*schema.Package) (map[string][]byte, error){
	"python": func(pkg *schema.Package) (map[string][]byte, error) {
		return pythongen.GeneratePackage("pulumi-language-python", pkg, nil, noLoader{})
	},
	"go": func(pkg *schema.Package) (map[string][]byte, error) {
		return gogen.GeneratePackage("pulumi-language-go", pkg, nil)
	},
	"nodejs": func(pkg *schema.Package) (map[string][]byte, error) {
		return nodejsgen.GeneratePackage("pulumi-language-nodejs", pkg, nil, nil, false, noLoader{})
	},
	"dotnet": func(pkg *schema.Package) (map[string][]byte, error) {
		return dotnetgen.GeneratePackage("pulumi-language-dotnet", pkg, nil, nil)
	},
}

func main() {
	schemaFile := flag.String("schema", "provider/native/generated.json", "the generated.json holding the schema")
	out := flag.String("out", "sdks", "the folder of the SDKs: one subfolder per language")
	version := flag.String("version", "", "the SDKs' version (gen-sdk's --version)")
	logo := flag.String("dotnet-logo", "", "the file answering the .NET generator's default logo URL")
	flag.Parse()
	http.DefaultTransport = offline{logo: *logo}
	languages := flag.Args()
	if len(languages) == 0 {
		for language := range generators {
			languages = append(languages, language)
		}
		sort.Strings(languages)
	}
	if err := run(*schemaFile, *out, *version, languages); err != nil {
		fmt.Fprintln(os.Stderr, "sdkgen:", err)
		os.Exit(1)
	}
}

func run(schemaFile, out, version string, languages []string) error {
	text, err := os.ReadFile(schemaFile)
	if err != nil {
		return err
	}
	// generated.json: {"schema": <the package schema>, "defaults": ...}.
	var generated struct {
		Schema json.RawMessage `json:"schema"`
	}
	if err := json.Unmarshal(text, &generated); err != nil {
		return fmt.Errorf("%s: %w", schemaFile, err)
	}
	for _, language := range languages {
		generate, ok := generators[language]
		if !ok {
			return fmt.Errorf("no generator for %q (python, go, nodejs, dotnet)", language)
		}
		started := time.Now()
		pkg, err := bind(generated.Schema, version)
		if err != nil {
			return err
		}
		files, err := generate(pkg)
		if err != nil {
			return fmt.Errorf("%s: %w", language, err)
		}
		if err := write(filepath.Join(out, language), files); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "sdkgen: %s: %d files in %d ms\n",
			language, len(files), time.Since(started).Milliseconds())
	}
	return nil
}

// bind binds the schema as gen-sdk and the hosts do; any diagnostic (a warning included) fails:
// the schema is ours, and gen-sdk would print it.
func bind(spec json.RawMessage, version string) (*schema.Package, error) {
	var parsed schema.PackageSpec
	if err := json.Unmarshal(spec, &parsed); err != nil {
		return nil, err
	}
	pkg, diags, err := schema.BindSpec(parsed, noLoader{}, schema.ValidationOptions{
		AllowDanglingReferences: true,
	})
	if err != nil {
		return nil, err
	}
	if len(diags) > 0 {
		return nil, fmt.Errorf("the schema does not bind cleanly: %w", diags)
	}
	if version != "" {
		v, err := semver.Parse(version)
		if err != nil {
			return nil, fmt.Errorf("invalid version %q: %w", version, err)
		}
		pkg.Version = &v
	}
	return pkg, nil
}

// write replaces dir with the generated files, as gen-sdk empties the language's folder first:
// a file the generator no longer makes does not linger.
func write(dir string, files map[string][]byte) error {
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
