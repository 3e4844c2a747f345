"""Two import-linter contract types of our own (pyproject.toml, [tool.importlinter]), for what the
built-in ones cannot say. `lint-imports` runs them (`make lint`), and tests/test_imports.py runs
`lint-imports` (`make test`).

acyclic_modules: no import circle between any two modules of `packages`, counting the imports
inside functions (they are run too, only later). Each circle allowed for now is listed in
`allowed` (its modules, space-separated); the contract breaks on any other circle, and on a
listed one that is gone, so that its line is removed. (The built-in `acyclic_siblings` counts a
subpackage as one node: domain/santa_maria/maya has rules below and above the shared modules.)

imports_at_top: an import inside a function of `packages` that dodges no circle must say on its
line why it is not at the top: `# lazy: <reason>` (a heavy or optional dependency, the start-up
of a command line). One that closes a circle is acyclic_modules' business: not allowed, or
listed there.

Imports under `if TYPE_CHECKING:` count too (`exclude_type_checking_imports = false`): a type named
across two modules is an arrow between them like any other.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import grimp
from importlinter import Contract, ContractCheck, fields, output

LAZY = re.compile(r"#\s*lazy:\s*\S")


def circles(graph: grimp.ImportGraph, modules: set[str]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def successors(module: str) -> list[str]:
        return sorted(m for m in graph.find_modules_directly_imported_by(module) if m in modules)

    for root in sorted(modules):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = []
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work.append((root, iter(successors(root))))
        while work:
            module, todo = work[-1]
            child = next(todo, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(successors(child))))
            elif child in on_stack:
                low[module] = min(low[module], index[child])
    return sorted(found)


def _in(module: str, packages: Iterable[str]) -> bool:
    return any(module == p or module.startswith(p + ".") for p in packages)


def _arrow(graph: grimp.ImportGraph, importer: str, imported: str) -> str:
    lines = sorted({d["line_number"] for d in graph.get_import_details(importer=importer, imported=imported)})
    return f"{importer} (l. {', '.join(map(str, lines))}) -> {imported}"


def one_loop(graph: grimp.ImportGraph, circle: list[str]) -> list[str]:
    """One closed chain of imports through the circle, as `importer (lines) -> imported` arrows."""
    first = circle[0]
    members = set(circle)
    nxt = next(m for m in sorted(graph.find_modules_directly_imported_by(first)) if m in members)
    back = graph.find_shortest_chain(importer=nxt, imported=first) or (nxt, first)
    chain = (first, *back)
    return [_arrow(graph, a, b) for a, b in zip(chain, chain[1:], strict=False)]


class AcyclicModules(Contract):
    type_name = "acyclic_modules"

    packages = fields.ListField(subfield=fields.StringField())
    allowed = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        packages: list[str] = self.packages  # type: ignore[assignment]
        allowed = [sorted(line.split()) for line in (self.allowed or [])]  # type: ignore[union-attr]
        found = circles(graph, {m for m in graph.modules if _in(m, packages)})
        new = [c for c in found if c not in allowed]
        gone = [c for c in allowed if c not in found]
        return ContractCheck(kept=not new and not gone, metadata={
            "new": [(c, one_loop(graph, c)) for c in new], "gone": gone})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for circle, loop in check.metadata["new"]:
            output.print_error(f"An import circle of {len(circle)} modules: {' '.join(circle)}")
            for arrow in loop:
                output.indent_cursor()
                output.print(arrow)
            output.new_line()
        for circle in check.metadata["gone"]:
            output.print_error(f"The allowed circle {' '.join(circle)} is gone: take its line out of `allowed`.")
            output.new_line()


def function_imports(path: Path) -> Iterator[tuple[int, str, ast.Import | ast.ImportFrom]]:
    """Every import statement inside a function of the file: (line, its text, the node)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    text = " ".join(lines[inner.lineno - 1:inner.end_lineno or inner.lineno])
                    yield inner.lineno, " ".join(text.split()), inner


def imported_modules(module: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: set[str]) -> set[str]:
    """The modules of `known` an import statement of `module` names (a name may be a submodule)."""
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    else:
        base = module if is_package else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            base = base.rpartition(".")[0]
        target = ".".join(p for p in (base, node.module) if p) if node.level else node.module or ""
        names = [target, *(f"{target}.{a.name}" for a in node.names)]
    return {n for n in names if n in known}


def package_files(package: str) -> Iterator[tuple[str, Path]]:
    spec = importlib.util.find_spec(package)
    assert spec is not None and spec.submodule_search_locations, package
    for location in spec.submodule_search_locations:
        root = Path(location)
        for path in sorted(root.rglob("*.py")):
            parts = [package, *path.relative_to(root).with_suffix("").parts]
            yield ".".join(parts[:-1] if parts[-1] == "__init__" else parts), path


class ImportsAtTop(Contract):
    type_name = "imports_at_top"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph: grimp.ImportGraph, verbose: bool) -> ContractCheck:
        known = set(graph.modules)
        unsaid: list[str] = []
        for package in self.packages:  # type: ignore[attr-defined]
            for module, path in package_files(package):
                for line, text, node in function_imports(path):
                    if LAZY.search(text):
                        continue
                    targets = imported_modules(module, path.name == "__init__.py", node, known)
                    if any(graph.find_shortest_chain(importer=t, imported=module) for t in targets if t != module):
                        continue  # it closes a circle: acyclic_modules says whether that is allowed
                    unsaid.append(f"{module} (l. {line}): {text}")
        return ContractCheck(kept=not unsaid, metadata={"unsaid": unsaid})

    def render_broken_contract(self, check: ContractCheck) -> None:
        output.print_error("Imports inside functions that dodge no circle and do not say why "
                           "(move them to the top, or end the line with `# lazy: <reason>`):")
        for line in check.metadata["unsaid"]:
            output.indent_cursor()
            output.print(line)

