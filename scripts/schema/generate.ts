// The Pulumi package schema of the native plugin (provider/native/schema.json), generated from the
// same definitions the dynamic classes are made of, so that every registered kind and every
// lookup function appears without a list to keep:
// - the resources are the kinds the registry knows (`resourceKinds`, from dist/), each described
//   by the class the package exports under its name: its constructor's args interface gives the
//   inputs (types, optionality, doc comments), its `declare readonly` fields the outputs;
// - the functions are the package's `getX` exports (not `getXOutput`): their first parameter
//   gives the inputs, their Promise's type the outputs;
// - secrets are the outputs the class registers as additionalSecretOutputs (`secretOutputs` of
//   its `registration(...)` call) and the inputs of the same names (registration() seals those);
// - replaceOnChanges is what the kind's own diff says: the provider's diff (dist/, the code that
//   runs) with every input unknown lists exactly the properties whose change replaces;
// - `integer` where the kind's checks or the function's argument checks demand a whole number
//   (Checker.integer, wholeNumber), `number` for any other number;
// - string literal unions become enums; a constant "Default <value>" in a doc comment a default.
//
// The TypeScript compiler reads the sources (it is a development tool: the schema is generated
// here and shipped as JSON). `npm run build` first: the replace rules come from dist/.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as ts from "typescript";
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
  const generator = new Generator(checker);

  const resources: Json = {};
  for (const kind of registry.resourceKinds) {
    const symbol = exported.get(kind);
    if (symbol === undefined) throw new Error(`the package exports no class for the kind ${kind}`);
    resources[token(kind)] = generator.resource(kind, resolve(checker, symbol));
  }
  const functions: Json = {};
  for (const [name, symbol] of [...exported].sort(([a], [b]) => a.localeCompare(b))) {
    if (!/^get[A-Z]/.test(name) || name.endsWith("Output")) continue;
    functions[token(name)] = generator.function(name, resolve(checker, symbol));
  }
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
  /** Per kind, the defaults its constructor applies (native Check applies the same). */
  readonly defaults: Record<string, Record<string, InputDefault>> = {};

  private readonly checker: ts.TypeChecker;

  constructor(checker: ts.TypeChecker) {
    this.checker = checker;
  }

  resource(kind: string, symbol: ts.Symbol): Json {
    const declaration = symbol.valueDeclaration;
    if (declaration === undefined || !ts.isClassDeclaration(declaration)) {
      throw new Error(`${kind} is not a class`);
    }
    const file = declaration.getSourceFile();
    const integers = integerNames(dirname(file.fileName));
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
    for (const member of declaration.members) {
      if (!ts.isPropertyDeclaration(member) || member.type === undefined) continue;
      if (!member.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)) continue;
      const property = this.checker.getSymbolAtLocation(member.name);
      if (property === undefined) continue;
      const name = property.getName();
      const spec = this.property(property, kind, integers, unwrapOutput(this.checker, member.type));
      if (secrets.includes(name)) spec.secret = true;
      properties[name] = spec;
    }
    const description = documentation(this.checker, symbol);
    return {
      ...(description === "" ? {} : { description }),
      properties,
      inputProperties,
      requiredInputs,
    };
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
      ...this.typeSpec(type, context + pascal(name), integers.has(name), integers),
    };
    const description = documentation(this.checker, property);
    if (description !== "") spec.description = description;
    const fallback = /\b[Dd]efault:? (true|false|\d+)\b/.exec(description)?.[1];
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
    if (members.every((member) => member.flags & ts.TypeFlags.BooleanLike)) {
      return { type: "boolean" };
    }
    if (members.length > 1) {
      if (members.every((member) => member.isStringLiteral())) {
        // An alias names the enum (HostType), unless it is Input<...>'s own.
        const alias = wrapped ? undefined : type.aliasSymbol?.getName();
        const values = members.map((member) => ({
          value: (member as ts.StringLiteralType).value,
        }));
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
      const symbol = only.aliasSymbol ?? only.getSymbol();
      const named = symbol?.getName();
      const name =
        named === undefined || named.startsWith("__") ? context : named.replace(/Args$/, "");
      if (this.types[token(name)] === undefined) {
        this.types[token(name)] = {}; // reserved: a recursive type refers to itself
        const object = this.object(only, name, integers);
        const description = symbol === undefined ? "" : documentation(this.checker, symbol);
        this.types[token(name)] = {
          ...object,
          ...(description === "" || named?.startsWith("__") ? {} : { description }),
        };
      }
      return { $ref: `#/types/${token(name)}` };
    }
    return { $ref: "pulumi.json#/Any" };
  }
}

/** `pulumi.Input`'s wrappers: a Promise or an Output of the value. */
function isWrapper(type: ts.Type): boolean {
  const name = type.getSymbol()?.getName();
  return name === "Promise" || name === "OutputInstance" || name === "Output";
}

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

/** The names in the `secretOutputs` of the constructor's registration(...) call. */
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
  for (const file of files) {
    for (const match of readFileSync(file, "utf8").matchAll(pattern)) {
      if (match[1] !== undefined) names.add(match[1]);
    }
  }
  return names;
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
