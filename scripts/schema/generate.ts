// The Pulumi package schema of the native plugin (provider/native/generated.json), generated from
// the same definitions the dynamic classes are made of, so that every registered kind and every
// lookup function appears without a list to keep:
// - the resources are the kinds the registry knows (`resourceKinds`, from dist/), each described
//   by the class the package exports under its name: its constructor's args interface gives the
//   inputs (types, optionality, doc comments), its `declare readonly` fields the outputs;
// - the functions are the package's `getX` exports (not `getXOutput`): their first parameter
//   gives the inputs, their Promise's type the outputs;
// - secrets are the outputs the class registers as additionalSecretOutputs (`secretOutputs` of
//   the kind it passes to KindResource) and the inputs of the same names (registration() seals
//   those);
// - replaceOnChanges is what the kind's own diff says: the provider's diff (dist/, the code that
//   runs) with every input unknown lists exactly the properties whose change replaces;
// - `integer` where the kind's checks or the function's argument checks demand a whole number
//   (Checker.integer, wholeNumber), for ids and counts, and for the fields api-spec.md types
//   integer (WHOLE_NUMBERS); `number` for any other number;
// - string literal unions become enums; a constant "Default <value>" in a doc comment a default;
// - descriptions are the doc comments (an output without one takes its input's; GLOSSARY holds
//   the API's common fields), in words that hold for every language (test/native/schema.test.ts);
// - a resource's `required` outputs are those its `outputs` and `secrets` functions always return
//   with a value (returnedOutputs); a function result's, the fields its type never leaves null;
// - no object type takes a name the SDKs give a resource or function (sdkNames, typeName).
//
// The TypeScript compiler reads the sources (it is a development tool: the schema is generated
// here and shipped as JSON). `npm run build` first: the replace rules come from dist/.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as ts from "typescript";
import { appendExamples } from "./examples";
import { languageSections, type PackageJson, packageMetadata, SCHEMA_NAME } from "./package-meta";

export type Json = Record<string, unknown>;

/** An input's default: the resource's name, or a constant. */
export type InputDefault =
  | { readonly resourceName: true }
  | { readonly value: string | number | boolean | null };

/** What the plugin is generated from: the package schema and the constructors' defaults. */
export interface Generated {
  readonly schema: Json;
  readonly defaults: Record<string, Record<string, InputDefault>>;
}

interface PropertySpec extends Json {
  description?: string;
  secret?: boolean;
  replaceOnChanges?: boolean;
  default?: string | number | boolean;
}

/** The package's name: tokens are `serverscom:index:<Kind>` and `serverscom:index:<function>`. */
export const PACKAGE = SCHEMA_NAME;
const MODULE = "index";
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function token(name: string): string {
  return `${PACKAGE}:${MODULE}:${name}`;
}

interface RegistryModule {
  readonly resourceKinds: readonly string[];
  createKindProviders(context: unknown): Map<
    string,
    {
      diff(id: string, olds: Json, news: Json): Promise<{ replaces: string[] }>;
    }
  >;
}

export function generateSchema(repo: string): Generated {
  const require = createRequire(join(repo, "noop.js"));
  const registry = require(join(repo, "dist", "provider", "registry.js")) as RegistryModule;
  const program = ts.createProgram([join(repo, "provider", "index.ts")], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const index = program.getSourceFile(join(repo, "provider", "index.ts"));
  if (index === undefined) throw new Error("provider/index.ts not found");
  const moduleSymbol = checker.getSymbolAtLocation(index);
  if (moduleSymbol === undefined) throw new Error("provider/index.ts has no module symbol");
  const exported = new Map(
    checker.getExportsOfModule(moduleSymbol).map((symbol) => [symbol.getName(), symbol]),
  );
  const functionNames = [...exported.keys()].filter(isFunctionName);
  const generator = new Generator(program, reservedNames(registry.resourceKinds, functionNames));

  const resources: Json = {};
  for (const kind of registry.resourceKinds) {
    const symbol = exported.get(kind);
    if (symbol === undefined) throw new Error(`the package exports no class for the kind ${kind}`);
    resources[token(kind)] = generator.resource(kind, resolve(checker, symbol));
  }
  const functions: Json = {};
  for (const [name, symbol] of [...exported].sort(([a], [b]) => a.localeCompare(b))) {
    if (!isFunctionName(name)) continue;
    functions[token(name)] = generator.function(name, resolve(checker, symbol));
  }
  appendExamples(repo, resources, functions); // examples/schema, in six languages (examples.ts)
  const pkg = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as PackageJson;
  const schema = {
    ...packageMetadata(pkg),
    config: {
      variables: {
        apiToken: {
          type: "string",
          secret: true,
          description:
            "The servers.com API token. Falls back to the SERVERSCOM_API_TOKEN environment variable.",
        },
        apiUrl: {
          type: "string",
          description:
            "The API's base URL (default https://api.servers.com). Falls back to the SERVERSCOM_API_URL environment variable.",
        },
      },
    },
    provider: {
      description: "The servers.com provider: the API token and URL its resources use.",
      inputProperties: {
        apiToken: {
          type: "string",
          secret: true,
          description: "The servers.com API token.",
          defaultInfo: { environment: ["SERVERSCOM_API_TOKEN"] },
        },
        apiUrl: {
          type: "string",
          description: "The API's base URL (default https://api.servers.com).",
          defaultInfo: { environment: ["SERVERSCOM_API_URL"] },
        },
      },
    },
    resources,
    functions,
    types: generator.types,
    language: languageSections(pkg),
  };
  return { schema, defaults: generator.defaults };
}

/**
 * Fills in `replaceOnChanges` from the provider's diff with every input unknown: an unknown value
 * "may change", so the diff names every property whose change replaces (framework/diff.ts).
 */
export async function markReplaceOnChanges(repo: string, generated: Generated): Promise<Generated> {
  const schema = generated.schema;
  const require = createRequire(join(repo, "noop.js"));
  const registry = require(join(repo, "dist", "provider", "registry.js")) as RegistryModule;
  const providers = registry.createKindProviders({
    client: () => {
      throw new Error("the schema generator makes no requests");
    },
    progress: () => undefined,
    waitTuning: () => ({}),
  });
  const resources = schema.resources as Record<string, Json>;
  for (const [kind, provider] of providers) {
    const resource = resources[token(kind)];
    if (resource === undefined) continue;
    const inputs = resource.inputProperties as Record<string, PropertySpec>;
    const news = Object.fromEntries(Object.keys(inputs).map((name) => [name, UNKNOWN]));
    const { replaces } = await provider.diff("schema", {}, news);
    for (const name of replaces) {
      const input = inputs[name];
      if (input !== undefined) input.replaceOnChanges = true;
      const output = (resource.properties as Record<string, PropertySpec>)[name];
      if (output !== undefined) output.replaceOnChanges = true;
    }
  }
  return generated;
}

/** The declaration a (possibly re-exported) symbol stands for. */
function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

class Generator {
  readonly types: Record<string, Json> = {};
  /** The object types written inline, described by the property that holds them. */
  private readonly inline = new Set<Json>();
  /** Per kind, the defaults its constructor applies (native Check applies the same). */
  readonly defaults: Record<string, Record<string, InputDefault>> = {};

  private readonly checker: ts.TypeChecker;
  /** The names the SDKs give resources and functions (sdkNames): no object type may take one. */
  private readonly reserved: ReadonlySet<string>;

  private readonly program: ts.Program;

  constructor(program: ts.Program, reserved: ReadonlySet<string>) {
    this.program = program;
    this.checker = program.getTypeChecker();
    this.reserved = reserved;
  }

  /**
   * An object type's name: the interface's, without `Args`. An interface named as a function's
   * result (`GetHostResult`, which is also the item of getHosts) would share that name with the
   * function's own result class in every SDK: the type drops the `Get` (`HostResult`).
   */
  private typeName(declared: string): string {
    const name = declared.replace(/Args$/, "");
    if (!this.reserved.has(name)) return name;
    const renamed = name.replace(/^Get/, "");
    if (renamed === name || this.reserved.has(renamed)) {
      throw new Error(`the type ${declared} takes a name the SDKs give a resource or function`);
    }
    return renamed;
  }

  resource(kind: string, symbol: ts.Symbol): Json {
    const declaration = symbol.valueDeclaration;
    if (declaration === undefined || !ts.isClassDeclaration(declaration)) {
      throw new Error(`${kind} is not a class`);
    }
    const file = declaration.getSourceFile();
    // A kind's folder, and the folders of rules it shares with other kinds (load-balancer/).
    const integers = new Set([
      ...integerNames(dirname(file.fileName)),
      ...sharedRuleFolders(file).flatMap((folder) => [...integerNames(folder)]),
    ]);
    const ctor = declaration.members.find(ts.isConstructorDeclaration);
    const argsParameter = ctor?.parameters[1];
    if (argsParameter === undefined) throw new Error(`${kind}'s constructor takes no args`);
    const argsType = this.checker.getTypeAtLocation(argsParameter);
    const secrets = secretOutputs(this.checker, ctor as ts.ConstructorDeclaration);
    const defaults = constructorDefaults(ctor as ts.ConstructorDeclaration);
    this.defaults[kind] = defaults;

    const inputProperties: Record<string, PropertySpec> = {};
    const requiredInputs: string[] = [];
    for (const property of this.checker.getPropertiesOfType(argsType)) {
      const name = property.getName();
      const spec = this.property(property, kind, integers);
      if (secrets.includes(name)) spec.secret = true;
      const fallback = defaults[name];
      if (fallback !== undefined && "value" in fallback && fallback.value !== null) {
        spec.default = fallback.value;
      }
      inputProperties[name] = spec;
      if (!(property.flags & ts.SymbolFlags.Optional)) requiredInputs.push(name);
    }
    const properties: Record<string, PropertySpec> = {};
    const returned = this.returnedOutputs(kind, dirname(file.fileName));
    const required: string[] = [];
    for (const member of this.classMembers(declaration)) {
      if (!ts.isPropertyDeclaration(member) || member.type === undefined) continue;
      if (!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      const property = this.checker.getSymbolAtLocation(member.name);
      if (property === undefined) continue;
      const name = property.getName();
      const type = unwrapOutput(this.checker, member.type);
      const spec = this.property(property, kind, integers, type);
      if (secrets.includes(name)) spec.secret = true;
      // An output says what it holds; one that repeats an input means what the input means.
      const input = inputProperties[name]?.description;
      if (spec.description === undefined && input !== undefined) spec.description = input;
      properties[name] = spec;
      if (returned.has(name) && !isNullable(type)) required.push(name);
    }
    const description = documentation(this.checker, symbol);
    return {
      ...(description === "" ? {} : { description }),
      properties,
      ...(required.length > 0 ? { required } : {}),
      inputProperties,
      requiredInputs,
    };
  }

  /**
   * A class's members and those of the classes it extends, the base's first: the outputs both
   * load balancers show are declared once (load-balancer/resource.ts).
   */
  private classMembers(declaration: ts.ClassDeclaration): ts.ClassElement[] {
    const base = declaration.heritageClauses?.find(
      (clause) => clause.token === ts.SyntaxKind.ExtendsKeyword,
    )?.types[0]?.expression;
    const symbol = base === undefined ? undefined : this.checker.getSymbolAtLocation(base);
    const parent =
      symbol === undefined ? undefined : resolve(this.checker, symbol).valueDeclaration;
    const inherited =
      parent !== undefined && ts.isClassDeclaration(parent) ? this.classMembers(parent) : [];
    return [...inherited, ...declaration.members];
  }

  /**
   * The outputs the kind always returns: the properties of what its `outputs` and `secrets`
   * functions return whose value is never null or undefined, so a record field the SDK's schema
   * requires (sdk/areas/*: not optional, not nullable; api-spec.md promises it) and nothing else.
   */
  private returnedOutputs(kind: string, folder: string): Set<string> {
    const functions = this.kindFunctions(kind, folder);
    if (functions.length === 0) throw new Error(`no outputs function found for the kind ${kind}`);
    const always = new Set<string>();
    for (const fn of functions) {
      for (const [name, present] of this.returnedProperties(fn, 0)) if (present) always.add(name);
    }
    return always;
  }

  /** The kind's `outputs` and `secrets` (its definition object's, or OUTPUTS_FUNCTIONS'). */
  private kindFunctions(kind: string, folder: string): ts.Node[] {
    const found: ts.Node[] = [];
    const named = OUTPUTS_FUNCTIONS[kind];
    for (const file of this.program.getSourceFiles()) {
      if (dirname(file.fileName) !== folder) continue;
      const visit = (node: ts.Node): void => {
        if (named !== undefined && ts.isFunctionDeclaration(node) && node.name?.text === named) {
          found.push(node);
        }
        if (
          named === undefined &&
          ts.isObjectLiteralExpression(node) &&
          node.properties.some(
            (p) =>
              ts.isPropertyAssignment(p) &&
              p.name.getText() === "name" &&
              ts.isStringLiteral(p.initializer) &&
              p.initializer.text === kind,
          )
        ) {
          for (const p of node.properties) {
            const key = p.name?.getText();
            if (key !== "outputs" && key !== "secrets") continue;
            if (ts.isPropertyAssignment(p)) found.push(p.initializer);
            else if (ts.isMethodDeclaration(p)) found.push(p);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    return found;
  }

  /** Per property of the object a function or expression gives: whether it always has a value. */
  private returnedProperties(node: ts.Node, depth: number): Map<string, boolean> {
    if (depth > 8) return new Map();
    const results = this.returnedExpressions(node).map((e) => this.objectProperties(e, depth));
    if (results.length === 0) return new Map();
    // Several returns: a property is always there only if every one has it.
    const names = new Set(results.flatMap((result) => [...result.keys()]));
    return new Map(
      [...names].map((name) => [name, results.every((result) => result.get(name) === true)]),
    );
  }

  /** The expressions a function returns, or the expression itself. */
  private returnedExpressions(node: ts.Node): ts.Expression[] {
    if (ts.isIdentifier(node)) {
      const symbol = this.checker.getSymbolAtLocation(node);
      const target = symbol === undefined ? undefined : resolve(this.checker, symbol);
      const declaration = target?.valueDeclaration;
      if (declaration !== undefined && ts.isFunctionDeclaration(declaration)) {
        return this.returnedExpressions(declaration);
      }
      if (declaration !== undefined && ts.isVariableDeclaration(declaration)) {
        return declaration.initializer === undefined
          ? []
          : this.returnedExpressions(declaration.initializer);
      }
      return [node];
    }
    if (ts.isFunctionLike(node)) {
      const body = (node as ts.FunctionLikeDeclaration).body;
      if (body === undefined) return [];
      if (!ts.isBlock(body)) return this.returnedExpressions(body);
      const out: ts.Expression[] = [];
      const visit = (child: ts.Node): void => {
        if (ts.isFunctionLike(child)) return;
        if (ts.isReturnStatement(child) && child.expression !== undefined) {
          out.push(...this.returnedExpressions(child.expression));
        }
        ts.forEachChild(child, visit);
      };
      ts.forEachChild(body, visit);
      return out;
    }
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isAwaitExpression(node)
    ) {
      return this.returnedExpressions(node.expression);
    }
    if (ts.isConditionalExpression(node)) {
      return [
        ...this.returnedExpressions(node.whenTrue),
        ...this.returnedExpressions(node.whenFalse),
      ];
    }
    if (ts.isCallExpression(node)) {
      const symbol = this.checker.getSymbolAtLocation(node.expression);
      const target = symbol === undefined ? undefined : resolve(this.checker, symbol);
      const declaration = target?.valueDeclaration;
      if (declaration !== undefined && ts.isFunctionDeclaration(declaration)) {
        return this.returnedExpressions(declaration);
      }
    }
    return [node as ts.Expression];
  }

  private objectProperties(expression: ts.Expression, depth: number): Map<string, boolean> {
    const out = new Map<string, boolean>();
    if (!ts.isObjectLiteralExpression(expression)) {
      // Not an object literal: what its type says (a Record of unknowns says nothing).
      const type = this.checker.getTypeAtLocation(expression);
      for (const property of this.checker.getPropertiesOfType(type)) {
        const optional = property.flags & ts.SymbolFlags.Optional;
        out.set(property.getName(), !optional && !mayBeAbsent(this.typeOf(property)));
      }
      return out;
    }
    for (const property of expression.properties) {
      if (ts.isSpreadAssignment(property)) {
        for (const [name, present] of this.returnedProperties(property.expression, depth + 1)) {
          // A spread of several possible objects: present only where every one has it.
          out.set(name, present || out.get(name) === true);
        }
      } else if (ts.isPropertyAssignment(property)) {
        const type = this.checker.getTypeAtLocation(property.initializer);
        out.set(property.name.getText(), !mayBeAbsent(type));
      } else if (ts.isShorthandPropertyAssignment(property)) {
        const type = this.checker.getTypeAtLocation(property.name);
        out.set(property.name.getText(), !mayBeAbsent(type));
      }
    }
    return out;
  }

  function(name: string, symbol: ts.Symbol): Json {
    const declaration = symbol.valueDeclaration;
    if (declaration === undefined || !ts.isFunctionDeclaration(declaration)) {
      throw new Error(`${name} is not a function`);
    }
    const integers = integerNames(declaration.getSourceFile().fileName);
    const signature = this.checker.getSignatureFromDeclaration(declaration);
    if (signature === undefined) throw new Error(`${name} has no signature`);
    const description = documentation(this.checker, symbol);
    const out: Json = description === "" ? {} : { description };
    const args = declaration.parameters[0];
    if (args !== undefined) {
      const context = `${pascal(name)}Args`;
      out.inputs = this.object(this.checker.getTypeAtLocation(args), context, integers);
    }
    const returned = this.checker.getReturnTypeOfSignature(signature);
    const [result] = this.checker.getTypeArguments(returned as ts.TypeReference);
    if (result === undefined) throw new Error(`${name} does not return a Promise`);
    out.outputs = this.object(result, `${pascal(name)}Result`, integers);
    return out;
  }

  /** An object type inline (function inputs and outputs). */
  private object(type: ts.Type, context: string, integers: ReadonlySet<string>): Json {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const property of this.checker.getPropertiesOfType(type)) {
      properties[property.getName()] = this.property(property, context, integers);
      if (!(property.flags & ts.SymbolFlags.Optional) && !isNullable(this.typeOf(property))) {
        required.push(property.getName());
      }
    }
    return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
  }

  private typeOf(property: ts.Symbol): ts.Type {
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    if (declaration === undefined) return this.checker.getDeclaredTypeOfSymbol(property);
    return this.checker.getTypeOfSymbolAtLocation(property, declaration);
  }

  private property(
    property: ts.Symbol,
    context: string,
    integers: ReadonlySet<string>,
    type: ts.Type = this.typeOf(property),
  ): PropertySpec {
    const name = property.getName();
    const spec: PropertySpec = {
      ...this.typeSpec(type, context + pascal(name), isWhole(name, integers), integers),
    };
    const description = documentation(this.checker, property) || (GLOSSARY[name] ?? "");
    if (description !== "") spec.description = description;
    // An object type written inline (`private: { id }`) has no doc comment of its own: it is
    // what the property holding it says.
    const ref = ((spec.items as Json | undefined)?.$ref ?? spec.$ref) as string | undefined;
    const inline = ref === undefined ? undefined : this.types[ref.slice("#/types/".length)];
    if (inline !== undefined && this.inline.has(inline) && inline.description === undefined) {
      if (description !== "") inline.description = description;
    }
    const fallback = /\b[Dd]efault:? (true|false|\d+)(?!\d|[,.]\d)/.exec(description)?.[1];
    if (fallback !== undefined && (spec.type === "boolean" || spec.type === "integer")) {
      spec.default = spec.type === "boolean" ? fallback === "true" : Number(fallback);
    }
    return spec;
  }

  private typeSpec(
    type: ts.Type,
    context: string,
    integer: boolean,
    integers: ReadonlySet<string>,
  ): Json {
    const all = type.isUnion() ? type.types : [type];
    const wrapped = all.some(isWrapper);
    const members = all.filter(
      (member) =>
        !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) &&
        !isWrapper(member),
    );
    if (members.length === 0) return { $ref: "pulumi.json#/Any" };
    // A label selector is its text in every language; the builder beside it is TypeScript's own.
    if (
      members.some((member) => member.flags & ts.TypeFlags.String) &&
      members.every(
        (member) =>
          member.flags & ts.TypeFlags.StringLike ||
          member.getSymbol()?.getName() === "LabelSelectorBuilder",
      )
    ) {
      return { type: "string" };
    }
    if (members.every((member) => member.flags & ts.TypeFlags.BooleanLike)) {
      return { type: "boolean" };
    }
    if (members.length > 1) {
      if (members.every((member) => member.isStringLiteral())) {
        // An alias names the enum (HostType), unless it is Input<...>'s own.
        const alias = wrapped ? undefined : type.aliasSymbol?.getName();
        // Sorted: a union's member order is the checker's, which any other change can shift.
        const values = members
          .map((member) => (member as ts.StringLiteralType).value)
          .sort()
          .map((value) => ({ value }));
        const enumType = { type: "string", enum: values };
        const taken = (name: string) =>
          this.types[token(name)] !== undefined &&
          JSON.stringify(this.types[token(name)]) !== JSON.stringify(enumType);
        const name = alias !== undefined && !taken(alias) ? alias : context;
        this.types[token(name)] = enumType;
        return { type: "string", $ref: `#/types/${token(name)}` };
      }
      // Input<T> is T | Promise<T> | OutputInstance<T>: with the wrappers gone, what is left of
      // a union is a true union, which the schema cannot type.
      return { $ref: "pulumi.json#/Any" };
    }
    const only = members[0] as ts.Type;
    if (only.flags & ts.TypeFlags.NumberLike) return { type: integer ? "integer" : "number" };
    if (only.flags & ts.TypeFlags.StringLike) return { type: "string" };
    if (this.checker.isArrayType(only) || this.checker.isTupleType(only)) {
      const [item] = this.checker.getTypeArguments(only as ts.TypeReference);
      if (item === undefined) return { type: "array", items: { $ref: "pulumi.json#/Any" } };
      return { type: "array", items: this.typeSpec(item, context, integer, integers) };
    }
    if (only.flags & ts.TypeFlags.Object) {
      const stringIndex = this.checker.getIndexTypeOfType(only, ts.IndexKind.String);
      if (stringIndex !== undefined && this.checker.getPropertiesOfType(only).length === 0) {
        return {
          type: "object",
          additionalProperties: this.typeSpec(stringIndex, context, integer, integers),
        };
      }
      // `pulumi.Unwrap<XArgs>` (an output holding what the input XArgs holds) is the type X.
      const unwrapped =
        only.aliasSymbol?.getName() === "UnwrappedObject"
          ? only.aliasTypeArguments?.[0]?.getSymbol()
          : undefined;
      const symbol = unwrapped ?? only.aliasSymbol ?? only.getSymbol();
      const named = symbol?.getName();
      const name = named === undefined || named.startsWith("__") ? context : this.typeName(named);
      if (this.types[token(name)] === undefined) {
        this.types[token(name)] = {}; // reserved: a recursive type refers to itself
        const object = this.object(only, name, integers);
        const description = symbol === undefined ? "" : documentation(this.checker, symbol);
        const anonymous = named === undefined || named.startsWith("__");
        this.types[token(name)] = {
          ...object,
          ...(description === "" || anonymous ? {} : { description }),
        };
        if (anonymous) this.inline.add(this.types[token(name)] as Json);
      }
      return { $ref: `#/types/${token(name)}` };
    }
    return { $ref: "pulumi.json#/Any" };
  }
}

/** The package's functions: its `getX` exports (not `getXOutput`). */
function isFunctionName(name: string): boolean {
  return /^get[A-Z]/.test(name) && !name.endsWith("Output");
}

/**
 * The class and type names Pulumi's SDK generators make of a resource or a function token (the
 * union over Node.js, Python, Go and .NET; Go's are the most: pkg/codegen/go/gen.go of
 * pulumi/pulumi v3.274.1). An object or enum type `T` makes T, TArgs, TInput, TOutput, TPtr...
 */
export function sdkNames(kind: "resource" | "function" | "type", name: string): string[] {
  const base = pascal(name);
  const shapes = [
    "",
    "Input",
    "Output",
    "Ptr",
    "PtrInput",
    "PtrOutput",
    "Array",
    "ArrayInput",
    "ArrayOutput",
    "Map",
    "MapInput",
    "MapOutput",
  ];
  if (kind === "function") {
    return ["", "Args", "Result", "Output", "OutputArgs", "ResultOutput"].map((s) => base + s);
  }
  if (kind === "resource") {
    return [...shapes, "Args", "State"].map((s) => base + s);
  }
  return [...shapes, "Args"].map((s) => base + s);
}

function reservedNames(kinds: readonly string[], functions: readonly string[]): Set<string> {
  return new Set([
    ...kinds.flatMap((kind) => sdkNames("resource", kind)),
    ...functions.flatMap((fn) => sdkNames("function", fn)),
  ]);
}

/** `pulumi.Input`'s wrappers: a Promise or an Output of the value. */
function isWrapper(type: ts.Type): boolean {
  const name = type.getSymbol()?.getName();
  return name === "Promise" || name === "OutputInstance" || name === "Output";
}

/** A value that may be null or undefined (or says nothing: unknown, any). */
function mayBeAbsent(type: ts.Type): boolean {
  if (type.flags & (ts.TypeFlags.Unknown | ts.TypeFlags.Any)) return true;
  const all = type.isUnion() ? type.types : [type];
  return all.some(
    (t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void),
  );
}

/**
 * Kinds whose outputs come from a function of their own rather than a ResourceKind's `outputs`:
 * KubernetesCluster has its own lifecycle (provider/kubernetes-cluster/provider.ts).
 */
const OUTPUTS_FUNCTIONS: Readonly<Record<string, string>> = { KubernetesCluster: "clusterOutputs" };

function isNullable(type: ts.Type): boolean {
  return (
    type.isUnion() && type.types.some((t) => t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined))
  );
}

/** The T of a `pulumi.Output<T>` field declaration. */
function unwrapOutput(checker: ts.TypeChecker, node: ts.TypeNode): ts.Type {
  if (ts.isTypeReferenceNode(node) && node.typeArguments?.length === 1) {
    const name = node.typeName.getText();
    if (name === "pulumi.Output" || name === "Output") {
      return checker.getTypeFromTypeNode(node.typeArguments[0] as ts.TypeNode);
    }
  }
  return checker.getTypeFromTypeNode(node);
}

/**
 * What the constructor puts in place of an omitted input: `args.x ?? name` (the resource's name)
 * or `args.x ?? <literal>`.
 */
function constructorDefaults(ctor: ts.ConstructorDeclaration): Record<string, InputDefault> {
  const resourceName = ctor.parameters[0]?.name.getText();
  const out: Record<string, InputDefault> = {};
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isBinaryExpression(node.initializer) &&
      node.initializer.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
    ) {
      const name = node.name.getText();
      const right = node.initializer.right;
      if (ts.isIdentifier(right) && right.text === resourceName) out[name] = { resourceName: true };
      else if (right.kind === ts.SyntaxKind.TrueKeyword) out[name] = { value: true };
      else if (right.kind === ts.SyntaxKind.FalseKeyword) out[name] = { value: false };
      else if (right.kind === ts.SyntaxKind.NullKeyword) out[name] = { value: null };
      else if (ts.isNumericLiteral(right)) out[name] = { value: Number(right.text) };
      else if (ts.isStringLiteral(right)) out[name] = { value: right.text };
    }
    ts.forEachChild(node, visit);
  };
  visit(ctor);
  return out;
}

/**
 * The names in the `secretOutputs` of what the constructor registers: the kind's definition the
 * constructor passes to KindResource (`super(rbsVolumeKind, ...)`), or an object written there.
 */
function secretOutputs(checker: ts.TypeChecker, ctor: ts.ConstructorDeclaration): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === "secretOutputs" &&
      node.parent !== undefined
    ) {
      const type = checker.getTypeAtLocation(node.initializer);
      const items = checker.isTupleType(type)
        ? checker.getTypeArguments(type as ts.TypeReference)
        : [];
      for (const item of items) if (item.isStringLiteral()) names.push(item.value);
    }
    // The kind's definition: its object literal's own properties.
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.SuperKeyword &&
      node.arguments[0] !== undefined &&
      ts.isIdentifier(node.arguments[0])
    ) {
      const symbol = checker.getSymbolAtLocation(node.arguments[0]);
      const declaration =
        symbol === undefined ? undefined : resolve(checker, symbol).valueDeclaration;
      if (declaration !== undefined && ts.isVariableDeclaration(declaration)) {
        const initializer = declaration.initializer;
        if (initializer !== undefined && ts.isObjectLiteralExpression(initializer)) {
          for (const property of initializer.properties) visit(property);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ctor);
  return names;
}

/**
 * Property names the code checks as whole numbers: `integer("name"` (a kind's Checker) and
 * `wholeNumber(fn, args, "name")` (a function's arguments), in a kind's folder or a function's file.
 */
function integerNames(path: string): Set<string> {
  const files = path.endsWith(".ts")
    ? [path]
    : readdirSync(path)
        .filter((name) => name.endsWith(".ts"))
        .map((name) => join(path, name));
  const names = new Set<string>();
  const pattern = /(?:\.integer|[wW]holeNumber)\(\s*(?:[\w.]+,\s*[\w.]+,\s*)?"(\w+)"/g;
  // A nested property's check names its path: `z.integer(`${at}.hcInterval`, ...)`.
  const nested = /\.integer\(\s*`\$\{\w+\}\.(\w+)`/g;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const match of [...text.matchAll(pattern), ...text.matchAll(nested)]) {
      if (match[1] !== undefined) names.add(match[1]);
    }
  }
  return names;
}

/** Sibling folders (not framework/) whose modules the kind's resource.ts or definition.ts imports. */
function sharedRuleFolders(file: ts.SourceFile): string[] {
  const folder = dirname(file.fileName);
  const folders = new Set<string>();
  for (const name of ["resource.ts", "definition.ts"]) {
    let text: string;
    try {
      text = readFileSync(join(folder, name), "utf8");
    } catch {
      continue;
    }
    for (const match of text.matchAll(/from "\.\.\/([\w-]+)\//g)) {
      if (match[1] !== "framework") folders.add(join(dirname(folder), match[1] as string));
    }
  }
  return [...folders];
}

/**
 * Whole numbers by name, beyond those the code checks (integerNames): ids and counts, and the
 * fields api-spec.md types `integer` ("Resources and their fields", "Endpoints") and the SDK's
 * record schemas read as whole numbers (`z.number().int()`), in camelCase.
 */
const WHOLE_NUMBERS = new Set([
  "size",
  "vlan",
  "number",
  "priority",
  "ttl",
  "backupCopies",
  "ramSize",
  "ram",
  "maxRam",
  "capacity",
  "position",
  "slotPositions",
  "port",
  "ports",
  "limit",
]);

function isWhole(name: string, checked: ReadonlySet<string>): boolean {
  return (
    checked.has(name) ||
    name === "id" ||
    /(Id|Ids|Count|Number)$/.test(name) ||
    WHOLE_NUMBERS.has(name)
  );
}

function documentation(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
}

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The file's text: two-space JSON (the formatter then folds short arrays). */
export function generatedText(generated: Generated): string {
  return `${JSON.stringify(generated, null, 2)}\n`;
}

/**
 * What a property means wherever it appears without a doc comment of its own: the API's common
 * fields (api-spec.md "Resources and their fields": timestamps, locations, hosts'
 * configuration_details), which mean the same on every record. A doc comment always wins.
 */
const GLOSSARY: Readonly<Record<string, string>> = {
  createdAt: "When it was created: an ISO 8601 UTC timestamp, as the API gives it.",
  updatedAt: "When it was last changed: an ISO 8601 UTC timestamp, as the API gives it.",
  locationId: "The id of the location (see the getLocation function).",
  locationCode: "The code of the location, e.g. `AMS1`.",
  locationIds: "The ids of the locations.",
  locationCodes: "The codes of the locations.",
  regionId: "The id of the cloud region (see the getCloudRegion function).",
  regionCode: "The code of the cloud region.",
  rackId: "The id of the rack the server stands in; null where the API does not say.",
  status: "The status as the API reports it.",
  operationalStatus:
    "The operational status as the API reports it (`normal` once provisioning or a reinstall is done).",
  powerStatus: "The power status as the API reports it, e.g. `powered_on`.",
  configuration: "The hardware configuration in words, as the API describes it.",
  privateIpv4Address: "The private IPv4 address; null when it has none.",
  publicIpv4Address: "The public IPv4 address; null when it has none.",
  publicIpv6Address: "The public IPv6 address; null when it has none.",
  localIpv4Address: "The local IPv4 address; null when it has none.",
  oobIpv4Address: "The address of the out-of-band management interface; null when it has none.",
  leaseStartAt: "The date the lease started (YYYY-MM-DD); null until then.",
  scheduledReleaseAt: "When the release is scheduled; null when none is.",
  ramSize: "The RAM in GB.",
  serverModelId: "The id of the server model (see the getServerModel function).",
  serverModelName: "The name of the server model.",
  sbmFlavorModelId: "The id of the SBM flavor (see the getSbmFlavorModel function).",
  sbmFlavorModelName: "The name of the SBM flavor.",
  bandwidthId: "The id of the bandwidth option; null when none applies.",
  bandwidthName: "The name of the bandwidth option; null when none applies.",
  privateUplinkId: "The id of the private uplink; null when there is none.",
  privateUplinkName: "The name of the private uplink; null when there is none.",
  publicUplinkId: "The id of the public uplink; null when there is none.",
  publicUplinkName: "The name of the public uplink; null when there is none.",
  operatingSystemId: "The id of the operating system; null when none is installed.",
  operatingSystemFullName: "The full name of the operating system; null when none is installed.",
  platformUuid: "The id of the object on the underlying cloud platform.",
  hostId: "The id of the host (a dedicated server, SBM server or Kubernetes bare metal node).",
  serverId: "The id of the server.",
  currency: "The currency code, e.g. `EUR`.",
  labelSelector:
    "Only objects whose labels match this label selector, e.g. `env==prod,tier in (web, api)`; checked against the selector grammar before it is sent.",
  searchPattern: "Only objects whose name contains this text (the API's search).",
  limit:
    "The most items to return, 1 to 10,000 (default 1,000); more matching items fail the call, naming the limit.",
};
