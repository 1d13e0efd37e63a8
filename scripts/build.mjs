// `npm run build`: compiles sdk/, provider/ and simulator/ into dist/ (tsconfig.build.json), as
// `tsc -p tsconfig.build.json` would, with one step more on the declarations: zod stays out of
// the public types.
//
// Why: a user's program type-checks our .d.ts files with its own compiler settings. Pulumi's
// TypeScript template (strict, CommonJS, moduleResolution node, no esModuleInterop, no
// skipLibCheck) cannot compile zod 4's declaration files, so any .d.ts of ours that imports zod
// breaks a user's `tsc`. The schemas are how the SDK checks responses, not part of its API, so in
// every emitted .d.ts (whatever area or kind is added later):
// - an exported zod schema (`export declare const XSchema: z.ZodObject<...>`), or a constant
//   built of schemas (an object shape), is left out, and so is its name in `export { ... }` lists
//   that re-export it (the JavaScript still exports it);
// - any other type that mentions zod (`type X = z.infer<typeof XSchema>`, a member typed with
//   one) is written out as the plain type the compiler infers for it, e.g.
//   `type SshKey = { name: string; fingerprint: string; ... }`;
// - zod's generic `ZodType<T>` (the schema an area passes to the transport) becomes
//   `ResponseSchema<T>`, declared in that file: the part of zod 4's Standard Schema interface that
//   carries T, which any zod 4 schema satisfies.
// A mention of zod that none of these removes fails the build, naming the file and the text, and
// test/package/declarations.test.ts compiles the result with the template's settings.
import { chmodSync, readFileSync, rmSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

const root = join(import.meta.dirname, "..");

/** Module names whose types must not reach the public declarations. */
const HIDDEN_MODULE = /^zod(\/|$)/;
const HIDDEN_PACKAGE_DIR = /[\\/]node_modules[\\/]zod[\\/]/;
const STAND_IN = "ResponseSchema";
/** zod's names for "a schema whose output is T". */
const SCHEMA_TYPES = new Set(["ZodType", "ZodSchema", "Schema", "$ZodType"]);

function fail(diagnostics) {
  const host = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => root,
    getNewLine: () => "\n",
  };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, host));
  process.exit(1);
}

const parsed = ts.getParsedCommandLineOfConfigFile(join(root, "tsconfig.build.json"), undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
});
if (parsed === undefined) process.exit(1);
if (parsed.errors.length > 0) fail(parsed.errors);

const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
const diagnostics = ts.getPreEmitDiagnostics(program);
if (diagnostics.some((d) => d.category === ts.DiagnosticCategory.Error)) fail(diagnostics);
const checker = program.getTypeChecker();

/** Problems found while rewriting: the build fails with them. */
const problems = [];

/** Whether a type is zod's, or built of zod's (a schema, or an object of schemas). */
function isHiddenType(type) {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const fromZod = (symbol?.declarations ?? []).some((d) =>
    HIDDEN_PACKAGE_DIR.test(d.getSourceFile().fileName),
  );
  if (fromZod) return true;
  // Written out from nowhere, every zod type in it is an `import("zod")` type.
  const node = checker.typeToTypeNode(type, undefined, ts.NodeBuilderFlags.NoTruncation);
  return node !== undefined && someNode(node, isHiddenImportType);
}

/** `import("zod").X`. */
function isHiddenImportType(node) {
  return (
    ts.isImportTypeNode(node) &&
    ts.isLiteralTypeNode(node.argument) &&
    ts.isStringLiteral(node.argument.literal) &&
    HIDDEN_MODULE.test(node.argument.literal.text)
  );
}

/** Whether the node or one below it passes the test. */
function someNode(node, test) {
  let found = false;
  const look = (n) => {
    if (found) return;
    if (test(n)) found = true;
    else ts.forEachChild(n, look);
  };
  look(node);
  return found;
}

/** The first name of a type's name: `z` of `z.core.$strip`. */
function firstName(name) {
  let n = name;
  while (ts.isQualifiedName(n) || ts.isPropertyAccessExpression(n)) {
    n = ts.isQualifiedName(n) ? n.left : n.expression;
  }
  return ts.isIdentifier(n) ? n.text : undefined;
}

/** The source node an emitted node was made from, when it has one in a source file. */
function sourceNode(node) {
  const original = ts.getOriginalNode(node);
  return original.pos >= 0 && original.getSourceFile() !== undefined ? original : undefined;
}

function publicDeclarations(context) {
  const { factory } = context;
  return (file) => {
    if (!ts.isSourceFile(file)) return file;
    /** Local names bound to zod in this file (`import { z } from "zod"`). */
    const hiddenNames = new Set();
    for (const statement of file.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        HIDDEN_MODULE.test(statement.moduleSpecifier.text)
      ) {
        const clause = statement.importClause;
        if (clause?.name) hiddenNames.add(clause.name.text);
        const bindings = clause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) hiddenNames.add(bindings.name.text);
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements) hiddenNames.add(element.name.text);
        }
      }
    }

    /** A reference to zod's types: through the names imported from it, or `import("zod")`. */
    const isHiddenReference = (n) => {
      if (isHiddenImportType(n)) return true;
      const name = ts.isTypeReferenceNode(n)
        ? n.typeName
        : ts.isTypeQueryNode(n)
          ? n.exprName
          : ts.isExpressionWithTypeArguments(n)
            ? n.expression
            : undefined;
      return name !== undefined && hiddenNames.has(firstName(name));
    };
    const mentionsHidden = (node) => someNode(node, isHiddenReference);
    const fileName = relative(root, file.fileName);
    const report = (node, what) => {
      const text = ts.createPrinter().printNode(ts.EmitHint.Unspecified, node, file);
      problems.push(`${fileName}: ${what}: ${text.slice(0, 200)}`);
    };

    let usesStandIn = false;
    /**
     * zod's generic schema type of an output T (`z.ZodType<T>`, `ZodType<T, I>`, `z.ZodSchema<T>`,
     * `z.core.$ZodType<T>`, ...): T is its first type argument.
     */
    const isZodType = (node) => {
      if (!ts.isTypeReferenceNode(node) || (node.typeArguments?.length ?? 0) < 1) return false;
      const name = node.typeName;
      const last = ts.isIdentifier(name) ? name.text : name.right.text;
      return SCHEMA_TYPES.has(last) && hiddenNames.has(firstName(name));
    };
    const flags =
      ts.NodeBuilderFlags.NoTruncation |
      ts.NodeBuilderFlags.MultilineObjectLiterals |
      ts.NodeBuilderFlags.UseStructuralFallback;
    /** The plain type the compiler infers for a type node of the sources. */
    const expand = (node, inTypeAlias) => {
      const original = sourceNode(node);
      if (original === undefined || !ts.isTypeNode(original)) {
        report(node, "a type mentioning zod that has no source to expand");
        return node;
      }
      const type = checker.getTypeFromTypeNode(original);
      const expanded = checker.typeToTypeNode(
        type,
        original.parent,
        inTypeAlias ? flags | ts.NodeBuilderFlags.InTypeAlias : flags,
      );
      if (expanded === undefined || mentionsHidden(expanded)) {
        report(node, "a type mentioning zod that cannot be written without zod");
        return node;
      }
      return expanded;
    };
    const visitType = (node) => {
      if (!mentionsHidden(node)) return node;
      if (isZodType(node)) {
        usesStandIn = true;
        const argument = ts.visitNode(node.typeArguments?.[0], visitType);
        return factory.createTypeReferenceNode(STAND_IN, [argument]);
      }
      if (ts.isTypeReferenceNode(node) || ts.isTypeQueryNode(node) || ts.isImportTypeNode(node)) {
        return expand(node, false);
      }
      return ts.visitEachChild(node, visitType, context);
    };
    const visitDeclaration = (node) => {
      if (ts.isTypeNode(node)) return visitType(node);
      return ts.visitEachChild(node, visitDeclaration, context);
    };

    /** A variable whose type is a zod schema. */
    const isSchemaVariable = (declaration) => {
      const original = sourceNode(declaration);
      if (original === undefined || !ts.isVariableDeclaration(original)) return false;
      return isHiddenType(checker.getTypeAtLocation(original.name));
    };
    /** An export specifier naming a zod schema variable (declared here or re-exported). */
    const isSchemaExport = (specifier) => {
      const original = sourceNode(specifier);
      if (original === undefined || !ts.isExportSpecifier(original)) return false;
      let symbol = checker.getSymbolAtLocation(original.propertyName ?? original.name);
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (declaration === undefined || !ts.isVariableDeclaration(declaration)) return false;
      return isHiddenType(checker.getTypeAtLocation(declaration.name));
    };

    const statements = [];
    for (const statement of file.statements) {
      if (
        ts.isImportDeclaration(statement) &&
        ts.isStringLiteral(statement.moduleSpecifier) &&
        HIDDEN_MODULE.test(statement.moduleSpecifier.text)
      ) {
        continue;
      }
      if (ts.isVariableStatement(statement)) {
        const kept = statement.declarationList.declarations.filter(
          (d) => !(isSchemaVariable(d) || (d.type !== undefined && mentionsHidden(d.type))),
        );
        if (kept.length === 0) continue;
        statements.push(
          factory.updateVariableStatement(
            statement,
            statement.modifiers,
            factory.updateVariableDeclarationList(statement.declarationList, kept),
          ),
        );
        continue;
      }
      if (
        ts.isExportDeclaration(statement) &&
        statement.exportClause &&
        ts.isNamedExports(statement.exportClause)
      ) {
        const kept = statement.exportClause.elements.filter((e) => !isSchemaExport(e));
        if (kept.length === 0) continue;
        statements.push(
          factory.updateExportDeclaration(
            statement,
            statement.modifiers,
            statement.isTypeOnly,
            factory.updateNamedExports(statement.exportClause, kept),
            statement.moduleSpecifier,
            statement.attributes,
          ),
        );
        continue;
      }
      if (ts.isTypeAliasDeclaration(statement) && mentionsHidden(statement.type)) {
        const type = isZodType(statement.type)
          ? visitType(statement.type)
          : expand(statement.type, true);
        statements.push(
          factory.updateTypeAliasDeclaration(
            statement,
            statement.modifiers,
            statement.name,
            statement.typeParameters,
            type,
          ),
        );
        continue;
      }
      statements.push(mentionsHidden(statement) ? visitDeclaration(statement) : statement);
    }
    if (usesStandIn) {
      const standIn = factory.createInterfaceDeclaration(
        undefined,
        STAND_IN,
        [factory.createTypeParameterDeclaration(undefined, "T")],
        undefined,
        [
          factory.createPropertySignature(
            [factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)],
            factory.createStringLiteral("~standard"),
            undefined,
            factory.createTypeLiteralNode([
              factory.createPropertySignature(
                [factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)],
                "types",
                factory.createToken(ts.SyntaxKind.QuestionToken),
                factory.createUnionTypeNode([
                  factory.createTypeLiteralNode([
                    factory.createPropertySignature(
                      [factory.createModifier(ts.SyntaxKind.ReadonlyKeyword)],
                      "output",
                      undefined,
                      factory.createTypeReferenceNode("T"),
                    ),
                  ]),
                  factory.createKeywordTypeNode(ts.SyntaxKind.UndefinedKeyword),
                ]),
              ),
            ]),
          ),
        ],
      );
      ts.addSyntheticLeadingComment(
        standIn,
        ts.SyntaxKind.MultiLineCommentTrivia,
        "* The schema a response of type T is parsed with: any zod 4 schema of T fits (its Standard Schema `~standard` property), and these declarations need none of zod's. ",
        true,
      );
      statements.unshift(standIn);
      // Keeps the stand-in local: without it, a .d.ts module exports all its declarations.
      statements.push(
        factory.createExportDeclaration(undefined, false, factory.createNamedExports([])),
      );
    }
    const rewritten = factory.updateSourceFile(file, statements);
    for (const statement of rewritten.statements) {
      if (mentionsHidden(statement)) {
        report(
          statement,
          "zod is still mentioned (an interface cannot extend a type written out here: declare " +
            "it as `type X = z.infer<typeof XSchema> & { ... }` instead)",
        );
      }
    }
    return rewritten;
  };
}

// A clean output: no file left over from a source since removed, or from an older build's maps.
for (const dir of ["sdk", "provider", "simulator"]) {
  rmSync(join(parsed.options.outDir ?? join(root, "dist"), dir), { recursive: true, force: true });
}
const emitted = program.emit(undefined, undefined, undefined, false, {
  afterDeclarations: [publicDeclarations],
});
if (emitted.diagnostics.length > 0) fail(emitted.diagnostics);
if (problems.length > 0) {
  process.stderr.write(
    `build: these declarations would make a user's program depend on zod's types:\n${problems
      .map((p) => `  ${p}`)
      .join("\n")}\n`,
  );
  process.exit(1);
}

// The package's bins executable in dist/, as `npm install` makes them in a user's project: the
// Pulumi CLI starts `pulumi-resource-serverscom` directly when a project's `plugins.providers`
// points at a folder holding it (test/cli runs the real CLI so).
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
for (const bin of Object.values(manifest.bin ?? {})) chmodSync(join(root, bin), 0o755);
