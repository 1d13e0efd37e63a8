// The Java rendering of an example program. pulumi-java's generator (github.com/pulumi/pulumi-java
// pkg/codegen/java) is not served by the Go module proxy, so this file writes the same bound PCL
// program the other generators read, in the shape of pulumi-java's programs: one class `App`,
// resources built with `<Type>Args.builder()`, lookups through `<Package>Functions.getX(...)`
// (an Output of the result), outputs read with `applyValue`, `ctx.export` for outputs.
//
// It covers what the schema's examples use: resources with literal, list, map and object inputs,
// enums, references to resources, lookups and configuration, lookups, and stack outputs. Anything
// else fails the generation (an error naming the construct), never a guess.
package main

import (
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"unicode"

	"github.com/hashicorp/hcl/v2"
	"github.com/pulumi/pulumi/pkg/v3/codegen"
	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/model"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/zclconf/go-cty/cty"
)

type javaWriter struct {
	pkg     *schema.Package
	base    string // the Java package of the SDK: com.pulumi.<name>
	imports map[string]bool
	// The lookups' variables: name -> the result type's simple name (getLocation -> GetLocationResult).
	invokes map[string]string
	configs map[string]bool
	body    strings.Builder
}

func generateJava(program *pcl.Program) (map[string][]byte, hcl.Diagnostics, error) {
	packages := program.PackageReferences()
	if len(packages) != 1 {
		return nil, nil, fmt.Errorf("java: an example uses exactly one package, not %d", len(packages))
	}
	pkg, err := packages[0].Definition()
	if err != nil {
		return nil, nil, err
	}
	base, err := javaBasePackage(pkg)
	if err != nil {
		return nil, nil, err
	}
	w := &javaWriter{
		pkg:     pkg,
		base:    base,
		imports: map[string]bool{"com.pulumi.Context": true, "com.pulumi.Pulumi": true},
		invokes: map[string]string{},
		configs: map[string]bool{},
	}
	// In dependency order, as the other generators write programs.
	for _, node := range pcl.Linearize(program) {
		if err := w.node(node); err != nil {
			return nil, nil, fmt.Errorf("java: %s: %w", node.Name(), err)
		}
	}
	imports := make([]string, 0, len(w.imports))
	for name := range w.imports {
		imports = append(imports, name)
	}
	sort.Strings(imports)
	var out strings.Builder
	out.WriteString("package generated_program;\n\n")
	for _, name := range imports {
		fmt.Fprintf(&out, "import %s;\n", name)
	}
	out.WriteString("\npublic class App {\n")
	out.WriteString("    public static void main(String[] args) {\n")
	out.WriteString("        Pulumi.run(App::stack);\n")
	out.WriteString("    }\n\n")
	out.WriteString("    public static void stack(Context ctx) {\n")
	out.WriteString(strings.TrimRight(w.body.String(), "\n"))
	out.WriteString("\n    }\n}\n")
	return map[string][]byte{"App.java": []byte(out.String())}, nil, nil
}

const indent = "        "

func (w *javaWriter) node(node pcl.Node) error {
	switch n := node.(type) {
	case *pcl.ConfigVariable:
		w.configs[n.Name()] = true
		method := "require"
		if _, secret := n.Type().(*model.OutputType); secret {
			method = "requireSecret"
		}
		fmt.Fprintf(&w.body, "%sfinal var %s = ctx.config().%s(%q);\n", indent, javaName(n.Name()), method, n.LogicalName())
	case *pcl.LocalVariable:
		call, ok := n.Definition.Value.(*model.FunctionCallExpression)
		if !ok || call.Name != pcl.Invoke {
			return fmt.Errorf("a variable other than a lookup (fn::invoke)")
		}
		result, text, err := w.invoke(call)
		if err != nil {
			return err
		}
		w.invokes[n.Name()] = result
		fmt.Fprintf(&w.body, "%sfinal var %s = %s;\n\n", indent, javaName(n.Name()), text)
	case *pcl.Resource:
		return w.resource(n)
	case *pcl.OutputVariable:
		value, err := w.expr(n.Value, nil, 2)
		if err != nil {
			return err
		}
		fmt.Fprintf(&w.body, "%sctx.export(%q, %s);\n", indent, n.LogicalName(), value)
	default:
		return fmt.Errorf("a %T", node)
	}
	return nil
}

func (w *javaWriter) resource(r *pcl.Resource) error {
	if r.Schema == nil {
		return fmt.Errorf("no schema for %s", r.Token)
	}
	if r.Options != nil {
		return fmt.Errorf("resource options are not rendered")
	}
	name := typeName(r.Token)
	w.imports[w.base+"."+name] = true
	w.imports[w.base+"."+name+"Args"] = true
	args, err := w.builder(name+"Args", r.Inputs, r.Schema.InputProperties, 2)
	if err != nil {
		return err
	}
	fmt.Fprintf(&w.body, "%svar %s = new %s(%q, %s);\n\n", indent, javaName(r.Name()), name, r.LogicalName(), args)
	return nil
}

// invoke renders `<Package>Functions.getX(GetXArgs.builder()...build())`.
func (w *javaWriter) invoke(call *model.FunctionCallExpression) (string, string, error) {
	if len(call.Args) < 1 {
		return "", "", fmt.Errorf("an invoke without a token")
	}
	literal, ok := call.Args[0].(*model.TemplateExpression)
	var token string
	if ok && len(literal.Parts) == 1 {
		if lit, ok := literal.Parts[0].(*model.LiteralValueExpression); ok && lit.Value.Type() == cty.String {
			token = lit.Value.AsString()
		}
	} else if lit, ok := call.Args[0].(*model.LiteralValueExpression); ok && lit.Value.Type() == cty.String {
		token = lit.Value.AsString()
	}
	if token == "" {
		return "", "", fmt.Errorf("an invoke whose token is not a literal")
	}
	// The binder may shorten the token (serverscom::getLocation): find it by its name.
	var function *schema.Function
	for _, f := range w.pkg.Functions {
		if tokenName(f.Token) == tokenName(token) {
			function = f
		}
	}
	if function == nil {
		return "", "", fmt.Errorf("no function %s", token)
	}
	fn := tokenName(token)
	holder := title(w.pkg.Name) + "Functions"
	w.imports[w.base+"."+holder] = true
	result := title(fn) + "Result"
	if function.Inputs == nil || len(call.Args) < 2 {
		return result, fmt.Sprintf("%s.%s()", holder, fn), nil
	}
	object, ok := call.Args[1].(*model.ObjectConsExpression)
	if !ok {
		return "", "", fmt.Errorf("invoke arguments that are not an object")
	}
	argsName := title(fn) + "Args"
	w.imports[w.base+".inputs."+argsName] = true
	attrs, err := objectAttributes(object)
	if err != nil {
		return "", "", err
	}
	args, err := w.builder(argsName, attrs, function.Inputs.Properties, 2)
	if err != nil {
		return "", "", err
	}
	return result, fmt.Sprintf("%s.%s(%s)", holder, fn, args), nil
}

// builder renders `<name>.builder().a(...).b(...).build()`, one setter a line.
func (w *javaWriter) builder(name string, attrs []*model.Attribute, props []*schema.Property, depth int) (string, error) {
	byName := map[string]*schema.Property{}
	for _, p := range props {
		byName[p.Name] = p
	}
	pad := strings.Repeat("    ", depth+1)
	var b strings.Builder
	fmt.Fprintf(&b, "%s.builder()", name)
	for _, attr := range attrs {
		prop, ok := byName[attr.Name]
		if !ok {
			return "", fmt.Errorf("%s has no property %s", name, attr.Name)
		}
		value, err := w.expr(attr.Value, prop.Type, depth+1)
		if err != nil {
			return "", fmt.Errorf("%s: %w", attr.Name, err)
		}
		fmt.Fprintf(&b, "\n%s.%s(%s)", pad, javaName(attr.Name), value)
	}
	fmt.Fprintf(&b, "\n%s.build()", pad)
	return b.String(), nil
}

// objectAttributes turns an object literal with identifier keys into attributes, in source order.
func objectAttributes(object *model.ObjectConsExpression) ([]*model.Attribute, error) {
	var attrs []*model.Attribute
	for _, item := range object.Items {
		key, err := literalKey(item.Key)
		if err != nil {
			return nil, err
		}
		attrs = append(attrs, &model.Attribute{Name: key, Value: item.Value})
	}
	return attrs, nil
}

func literalKey(expr model.Expression) (string, error) {
	switch k := expr.(type) {
	case *model.LiteralValueExpression:
		if k.Value.Type() == cty.String {
			return k.Value.AsString(), nil
		}
	case *model.TemplateExpression:
		if len(k.Parts) == 1 {
			return literalKey(k.Parts[0])
		}
	}
	return "", fmt.Errorf("an object key that is not a literal string")
}

// expr renders a value for a destination of the schema type t (nil: unknown, as for outputs).
func (w *javaWriter) expr(expr model.Expression, t schema.Type, depth int) (string, error) {
	if t != nil {
		t = codegen.UnwrapType(t)
	}
	switch e := expr.(type) {
	case *model.LiteralValueExpression:
		return w.literal(e.Value, t)
	case *model.TemplateExpression:
		if len(e.Parts) == 1 {
			return w.expr(e.Parts[0], t, depth)
		}
		return "", fmt.Errorf("string interpolation is not rendered")
	case *model.ScopeTraversalExpression:
		return w.traversal(e)
	case *model.TupleConsExpression:
		var element schema.Type
		if array, ok := t.(*schema.ArrayType); ok {
			element = array.ElementType
		}
		items := make([]string, 0, len(e.Expressions))
		for _, item := range e.Expressions {
			text, err := w.expr(item, element, depth)
			if err != nil {
				return "", err
			}
			items = append(items, text)
		}
		// pulumi-java's builders take a list's items as arguments (varargs).
		return strings.Join(items, ", "), nil
	case *model.ObjectConsExpression:
		switch target := t.(type) {
		case *schema.ObjectType:
			attrs, err := objectAttributes(e)
			if err != nil {
				return "", err
			}
			name := typeName(target.Token) + "Args"
			w.imports[w.base+".inputs."+name] = true
			return w.builder(name, attrs, target.Properties, depth)
		case *schema.MapType:
			w.imports["java.util.Map"] = true
			var pairs []string
			for _, item := range e.Items {
				key, err := literalKey(item.Key)
				if err != nil {
					return "", err
				}
				value, err := w.expr(item.Value, target.ElementType, depth)
				if err != nil {
					return "", err
				}
				pairs = append(pairs, fmt.Sprintf("%q, %s", key, value))
			}
			if len(pairs) > 10 {
				return "", fmt.Errorf("a map of more than 10 entries (Map.of's limit)")
			}
			return fmt.Sprintf("Map.of(%s)", strings.Join(pairs, ", ")), nil
		}
		return "", fmt.Errorf("an object for a %v", t)
	case *model.FunctionCallExpression:
		if e.Name == pcl.Invoke {
			_, text, err := w.invoke(e)
			return text, err
		}
		return "", fmt.Errorf("the function %s is not rendered", e.Name)
	}
	return "", fmt.Errorf("a %T is not rendered", expr)
}

func (w *javaWriter) literal(value cty.Value, t schema.Type) (string, error) {
	if value.IsNull() {
		return "null", nil
	}
	switch value.Type() {
	case cty.String:
		s := value.AsString()
		if enum, ok := t.(*schema.EnumType); ok {
			for _, element := range enum.Elements {
				if element.Value == s {
					name := typeName(enum.Token)
					w.imports[w.base+".enums."+name] = true
					return name + "." + enumMemberName(element), nil
				}
			}
			return "", fmt.Errorf("%q is not a value of %s", s, enum.Token)
		}
		return fmt.Sprintf("%q", s), nil
	case cty.Bool:
		if value.True() {
			return "true", nil
		}
		return "false", nil
	case cty.Number:
		f := value.AsBigFloat()
		if t == schema.NumberType {
			n, _ := f.Float64()
			return fmt.Sprintf("%v", n) + map[bool]string{true: ".0", false: ""}[f.IsInt()], nil
		}
		if !f.IsInt() {
			return "", fmt.Errorf("%s is not a whole number", f.Text('g', -1))
		}
		i, _ := f.Int(new(big.Int))
		return i.String(), nil
	}
	return "", fmt.Errorf("a literal of type %s", value.Type().FriendlyName())
}

// traversal renders a reference: a resource's output (`r.ipAddress()`), a lookup's result
// (`v.applyValue(getXResult -> getXResult.id())`) or a configuration value.
func (w *javaWriter) traversal(e *model.ScopeTraversalExpression) (string, error) {
	root := javaName(e.RootName)
	var path []string
	for _, part := range e.Traversal[1:] {
		switch p := part.(type) {
		case hcl.TraverseAttr:
			path = append(path, javaName(p.Name)+"()")
		case hcl.TraverseIndex:
			if p.Key.Type() != cty.Number {
				return "", fmt.Errorf("an index that is not a number")
			}
			i, _ := p.Key.AsBigFloat().Int64()
			path = append(path, fmt.Sprintf("get(%d)", i))
		default:
			return "", fmt.Errorf("a %T in a reference", part)
		}
	}
	if result, ok := w.invokes[e.RootName]; ok {
		if len(path) == 0 {
			return root, nil
		}
		param := lowerFirst(result)
		return fmt.Sprintf("%s.applyValue(%s -> %s.%s)", root, param, param, strings.Join(path, ".")), nil
	}
	if w.configs[e.RootName] {
		if len(path) > 0 {
			return "", fmt.Errorf("a path into a configuration value")
		}
		return root, nil
	}
	if _, ok := e.Parts[0].(*pcl.Resource); ok {
		if len(path) != 1 {
			return "", fmt.Errorf("a path into a resource output (%s)", strings.Join(path, "."))
		}
		return root + "." + path[0], nil
	}
	return "", fmt.Errorf("a reference to %s (%T)", e.RootName, e.Parts[0])
}

// enumMemberName is the member's name in the SDK's enum class: the schema's name, else its value,
// made an identifier and capitalised by the rule of .NET's generator (pulumi/pulumi v3.206.0
// pkg/codegen/dotnet/utilities.go makeSafeEnumName: "public_ipv4" -> "Public_ipv4"); pulumi-java's
// own rule could not be checked here (its module is not served).
func enumMemberName(element *schema.Enum) string {
	name := element.Name
	if name == "" {
		name = fmt.Sprintf("%v", element.Value)
	}
	name = codegen.ExpandShortEnumName(name)
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_':
			b.WriteRune(r)
		default:
			b.WriteRune('_')
		}
	}
	out := b.String()
	if out != "" && unicode.IsDigit(rune(out[0])) {
		out = "_" + out
	}
	return title(out)
}

// typeName is the last part of a token: serverscom:index:RbsVolume -> RbsVolume.
func typeName(token string) string {
	return title(tokenName(token))
}

func tokenName(token string) string {
	parts := strings.Split(token, ":")
	return parts[len(parts)-1]
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

// javaName makes a PCL name (which may hold dashes) a Java identifier: node-a -> nodeA.
func javaName(name string) string {
	parts := strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '.' })
	for i := 1; i < len(parts); i++ {
		parts[i] = title(parts[i])
	}
	out := strings.Join(parts, "")
	switch out {
	case "private", "public", "class", "default", "new", "final", "var", "package", "import":
		return out + "_"
	}
	return out
}

// javaBasePackage is the package pulumi-java generates the SDK into: the schema's
// language.java.basePackage (default "com.pulumi") followed by the package's name.
func javaBasePackage(pkg *schema.Package) (string, error) {
	base := "com.pulumi"
	if raw, ok := pkg.Language["java"]; ok {
		var java struct {
			BasePackage string `json:"basePackage"`
		}
		data, err := json.Marshal(raw)
		if err != nil {
			return "", err
		}
		if err := json.Unmarshal(data, &java); err != nil {
			return "", fmt.Errorf("java: language.java: %w", err)
		}
		if java.BasePackage != "" {
			base = java.BasePackage
		}
	}
	return base + "." + pkg.Name, nil
}
