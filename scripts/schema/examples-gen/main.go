// examples-gen converts the schema's example programs, one Pulumi YAML program per resource or
// function (examples/schema/<Name>.yaml, each run by the real CLI in
// test/cli/yaml/schema-examples.test.ts), into TypeScript, Python, Go, C# and Java, and writes
// them as one JSON file that scripts/schema/examples.ts appends to the schema's descriptions.
//
// The conversion is Pulumi's own: pulumi-yaml's converter (pkg/pulumiyaml/codegen EjectProgram,
// the code behind `pulumi convert --from yaml`) turns a program into PCL bound against our
// schema (provider/native/generated.json, served by the loader below, no plugin started), and
// pkg/codegen/{nodejs,python,go,dotnet} GenerateProgram write the programs. Java has no
// generator here (pulumi-java's module is not served by the Go proxy): java.go renders the same
// bound program in the shape pulumi-java's programs take.
//
// The module pins github.com/pulumi/pulumi/pkg/v3 v3.206.0, the version pulumi-yaml v1.25.0 is
// built against (it does not compile with the CLI's v3.274.1, whose pkg also no longer holds the
// .NET generator). Any diagnostic of the converter or a generator fails the run.
//
// Usage: go run . <generated.json> <examples dir> <out.json>
// (EXAMPLES_GEN_PCL=1 prints each program's PCL to stderr, to see what the generators read.)
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/blang/semver"
	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml"
	"github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/ast"
	yamlgen "github.com/pulumi/pulumi-yaml/pkg/pulumiyaml/codegen"
	dotnet "github.com/pulumi/pulumi/pkg/v3/codegen/dotnet"
	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

// Example is one example program in every language, keyed by the schema's language names.
type Example struct {
	Title      string `json:"title"`
	TypeScript string `json:"typescript"`
	Python     string `json:"python"`
	Go         string `json:"go"`
	CSharp     string `json:"csharp"`
	Java       string `json:"java"`
	YAML       string `json:"yaml"`
}

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: examples-gen <generated.json> <examples dir> <out.json>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintln(os.Stderr, "examples-gen:", err)
		os.Exit(1)
	}
}

func run(schemaPath, dir, out string) error {
	pkg, err := loadPackage(schemaPath)
	if err != nil {
		return err
	}
	loader := &packageLoader{pkg: pkg}
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		return err
	}
	sort.Strings(files)
	examples := map[string]Example{}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".yaml")
		token := "serverscom:index:" + name
		if _, resource := pkg.GetResource(token); !resource {
			if _, function := pkg.GetFunction(token); !function {
				return fmt.Errorf("%s: the schema has no resource or function %s", file, token)
			}
		}
		example, err := convert(file, loader)
		if err != nil {
			return fmt.Errorf("%s: %w", file, err)
		}
		examples[token] = example
	}
	var text bytes.Buffer
	encoder := json.NewEncoder(&text)
	encoder.SetEscapeHTML(false) // code, not HTML: `->` and `<` as written
	encoder.SetIndent("", "  ")
	if err := encoder.Encode(examples); err != nil {
		return err
	}
	return os.WriteFile(out, text.Bytes(), 0o644)
}

// loadPackage binds the package schema of generated.json ({"schema": ..., "defaults": ...}) with
// the language sections the generators read (package names, import paths, namespaces).
func loadPackage(path string) (*schema.Package, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var generated struct {
		Schema schema.PackageSpec `json:"schema"`
	}
	if err := json.Unmarshal(text, &generated); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	languages := map[string]schema.Language{
		"nodejs": nodejs.Importer,
		"python": python.Importer,
		"go":     gogen.Importer,
		"csharp": dotnet.Importer,
	}
	pkg, err := schema.ImportSpec(generated.Schema, languages, schema.ValidationOptions{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return pkg, nil
}

// packageLoader serves our one package from the schema file: no plugin is started.
type packageLoader struct{ pkg *schema.Package }

func (l *packageLoader) LoadPackage(name string, _ *semver.Version) (*schema.Package, error) {
	if name != l.pkg.Name {
		return nil, fmt.Errorf("the examples use only the %s package, not %s", l.pkg.Name, name)
	}
	return l.pkg, nil
}

func (l *packageLoader) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return l.LoadPackage(d.Name, d.Version)
}

func (l *packageLoader) LoadPackageReference(name string, v *semver.Version) (schema.PackageReference, error) {
	pkg, err := l.LoadPackage(name, v)
	if err != nil {
		return nil, err
	}
	return pkg.Reference(), nil
}

func (l *packageLoader) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return l.LoadPackageReference(d.Name, d.Version)
}

// convert reads one example: its first line is `# <title>`, the rest the YAML program shown as is.
func convert(file string, loader schema.ReferenceLoader) (Example, error) {
	source, err := os.ReadFile(file)
	if err != nil {
		return Example{}, err
	}
	first, body, _ := strings.Cut(string(source), "\n")
	title, ok := strings.CutPrefix(first, "# ")
	if !ok || strings.TrimSpace(title) == "" {
		return Example{}, fmt.Errorf("the first line must be `# <title>`")
	}
	template, tdiags, err := pulumiyaml.LoadYAMLBytes(file, source)
	if err != nil {
		return Example{}, err
	}
	if tdiags.HasErrors() || template == nil {
		return Example{}, fmt.Errorf("%s", tdiags.Error())
	}
	if os.Getenv("EXAMPLES_GEN_PCL") != "" {
		text, _, _ := yamlgen.ConvertTemplateIL(template, loader)
		fmt.Fprintln(os.Stderr, text)
	}
	for _, entry := range template.Resources.Entries {
		if hasOptions(entry.Value.Options) {
			return Example{}, fmt.Errorf("%s: resource options are not carried into every language "+
				"(pulumi-yaml's converter drops deleteBeforeReplace, for one): the examples use none", entry.Key.Value)
		}
	}
	example := Example{Title: strings.TrimSpace(title), YAML: strings.TrimLeft(body, "\n")}
	generators := []struct {
		name string
		file string
		gen  func(*pcl.Program) (map[string][]byte, hcl.Diagnostics, error)
		into *string
	}{
		{"nodejs", "index.ts", nodejs.GenerateProgram, &example.TypeScript},
		{"python", "__main__.py", python.GenerateProgram, &example.Python},
		{"go", "main.go", gogen.GenerateProgram, &example.Go},
		{"dotnet", "Program.cs", dotnet.GenerateProgram, &example.CSharp},
		{"java", "App.java", generateJava, &example.Java},
	}
	for _, g := range generators {
		// A fresh binding for every generator: generators rewrite the program they are given.
		program, diags, err := yamlgen.EjectProgram(template, loader)
		if err != nil {
			return Example{}, fmt.Errorf("%w %s", err, describe(diags))
		}
		if err := refuseWarnings("pulumi-yaml's converter", diags); err != nil {
			return Example{}, err
		}
		files, diags, err := g.gen(program)
		if err != nil {
			return Example{}, fmt.Errorf("%s: %w %s", g.name, err, describe(diags))
		}
		code, ok := files[g.file]
		if err := refuseWarnings(g.name, diags); err != nil {
			return Example{}, fmt.Errorf("%w\n%s", err, code)
		}
		if !ok {
			return Example{}, fmt.Errorf("%s wrote no %s", g.name, g.file)
		}
		text := string(bytes.TrimSpace(code)) + "\n"
		if g.name == "dotnet" {
			text = dropDuplicateAlias(text)
		}
		*g.into = text
	}
	return example, nil
}

// hasOptions says whether a resource sets any option.
func hasOptions(options ast.ResourceOptionsDecl) bool {
	v := reflect.ValueOf(options)
	for i := 0; i < v.NumField(); i++ {
		field := v.Field(i)
		if (field.Kind() == reflect.Pointer || field.Kind() == reflect.Interface) && !field.IsNil() {
			return true
		}
	}
	return false
}

// refuseWarnings fails on any diagnostic: a generator's warning means the program it wrote may
// not do what the YAML program does.
func refuseWarnings(who string, diags hcl.Diagnostics) error {
	if len(diags) == 0 {
		return nil
	}
	return fmt.Errorf("%s: %s", who, describe(diags))
}

func describe(diags hcl.Diagnostics) string {
	var parts []string
	for _, d := range diags {
		parts = append(parts, fmt.Sprintf("%s: %s", d.Summary, d.Detail))
	}
	return strings.Join(parts, "; ")
}

// dropDuplicateAlias removes `using Serverscom = Pulumi.Serverscom;` where the generator also wrote
// the alias of the schema's rootNamespace (`using Serverscom = ServersCom.Serverscom;`): v3.206.0's
// .NET generator adds the default namespace for a program's invokes besides the configured one,
// and two aliases of one name do not compile. Only an exact duplicate alias is removed.
func dropDuplicateAlias(code string) string {
	lines := strings.Split(code, "\n")
	aliases := map[string]int{}
	for _, line := range lines {
		if alias, _, ok := strings.Cut(line, " = "); ok && strings.HasPrefix(line, "using ") {
			aliases[alias]++
		}
	}
	out := lines[:0]
	for _, line := range lines {
		alias, target, ok := strings.Cut(line, " = ")
		if ok && strings.HasPrefix(line, "using ") && aliases[alias] > 1 && strings.HasPrefix(target, "Pulumi.") {
			aliases[alias]--
			continue
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
