"""ARCHITECTURE: the package's imports point one way (docs/architecture.md).

The contracts live in pyproject.toml (``[tool.importlinter]``); import-linter checks them
against the real import graph of ``src/hearts``, including imports inside functions.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


_SCRIPT = (
    "import sys; from importlinter.cli import lint_imports; "
    "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True))"
)


def _lint(root: Path) -> subprocess.CompletedProcess[str]:
    """Run the contracts of ``root``'s pyproject.toml on the package under ``root/src``."""
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    return subprocess.run(
        [sys.executable, "-c", _SCRIPT, str(root / "pyproject.toml")],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_the_layer_contracts_are_kept() -> None:
    """cards <- rules <- hand mechanics <- deal <- game <- (record, verify, bots, arena) <- faces."""
    result = _lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 5 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("hearts.deal", "hearts.variants"),
        ("hearts.hand.passing", "hearts.hand.auction"),
        ("hearts.record.data", "hearts.record.replay"),
        ("hearts.rules.options", "hearts.rules.parts"),
    ],
)
def test_an_import_up_the_layers_breaks_the_contract(
    tmp_path: Path, source: str, target: str
) -> None:
    """The checker is live: a copy of the package with one import pointing the wrong way (the
    engine reading a preset's name; one mechanic reading another; a record's data reading its
    replay; the rules' options reading their parts) breaks a contract."""
    package = tmp_path / "src" / "hearts"
    shutil.copytree(ROOT / "src" / "hearts", package)
    module = package.joinpath(*source.split(".")[1:]).with_suffix(".py")
    if not module.exists():  # (a package: its __init__)
        module = package.joinpath(*source.split(".")[1:], "__init__.py")
    module.write_text(module.read_text() + f"\nimport {target}  # noqa\n")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout
    assert f"{source} is not allowed to import {target}" in result.stdout


_PROBE = (
    "import sys; before = set(sys.modules); import {module}; "
    "print('\\n'.join(sorted(set(sys.modules) - before)))"
)


def _loaded(module: str) -> set[str]:
    """The modules a fresh interpreter loads to import ``module`` (beyond its own start-up)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    result = subprocess.run(
        [sys.executable, "-c", _PROBE.format(module=module)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return set(result.stdout.split())


HEAVY = ("numpy", "threadpoolctl", "hearts.bots")
"""What a light import must not load: the numeric libraries and any bot."""


@pytest.mark.parametrize("module", ["hearts", "hearts.cards"])
def test_importing_hearts_loads_no_bot_and_no_numpy(module: str) -> None:
    """A light import (issue 40): ``import hearts`` and ``import hearts.cards`` load no NumPy, no
    threadpoolctl and no bot (they load when first used), and nothing beyond the standard
    library and the core."""
    loaded = _loaded(module)
    assert module in loaded
    heavy = sorted(
        name for name in loaded for top in HEAVY if name.split(".")[:2] == top.split(".")
    )
    assert not heavy, f"import {module} loads {heavy}"
    others = sorted(
        name for name in loaded if name.split(".")[0] not in {*sys.stdlib_module_names, "hearts"}
    )
    assert not others, f"import {module} loads {others}, which are not in the standard library"


def _core_modules() -> list[str]:
    """The core's top modules and packages (the package without its faces and its bots)."""
    from test_quality import FACES  # (the faces are named once, in the quality test)

    names = {
        path.name.removesuffix(".py")
        for path in (ROOT / "src" / "hearts").iterdir()
        if (path.suffix == ".py" or (path / "__init__.py").exists()) and path.name != "__init__.py"
    }
    return sorted(f"hearts.{name}" for name in names - FACES - {"bots"})


def _below_the_bots() -> set[str]:
    """The modules of the layers below ``hearts.bots`` in the layer contract (pyproject.toml):
    the ones that may not load a bot."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    layers = config["tool"]["importlinter"]["contracts"][0]["layers"]
    at = next(i for i, layer in enumerate(layers) if "hearts.bots" in layer.split(" | "))
    return {name for layer in layers[at + 1 :] for name in layer.split(" | ")}


@pytest.mark.parametrize("module", _core_modules())
def test_the_core_as_loaded_imports_only_the_standard_library(module: str) -> None:
    """The core imports only the standard library, checked on the package as loaded (not only
    file by file, as tests/test_quality.py does): importing a module of the core in a fresh
    interpreter loads nothing but the standard library and the core, and NumPy and
    threadpoolctl only with the bots (the value model's, as the quality test allows them); a
    module below the bots in the layers loads no bot."""
    from test_quality import NUMERIC

    loaded = _loaded(module)
    bots = sorted(name for name in loaded if name.startswith("hearts.bots"))
    allowed = {*sys.stdlib_module_names, "hearts", "__mp_main__"}  # (multiprocessing's alias)
    if bots:
        allowed |= {name for names in NUMERIC.values() for name in names}
    others = sorted(name for name in loaded if name.split(".")[0] not in allowed)
    assert not others, f"import {module} loads {others}"
    if module in _below_the_bots():
        assert not bots, f"import {module} loads the bots {bots}"


def test_the_probe_of_what_is_loaded_sees_numpy() -> None:
    """The probe is live: importing the bots (whose value model evaluates with NumPy) is seen to
    load NumPy and the bots."""
    loaded = _loaded("hearts.bots")
    assert "numpy" in loaded and "hearts.bots.expert" in loaded


def imports_within(package: str, root: Path = ROOT / "src") -> dict[str, set[str]]:
    """The import graph inside ``package``: for each of its modules, the modules of the same
    package it imports anywhere (at the top, inside functions, behind ``TYPE_CHECKING``: every
    import statement of its source). ``from package import name`` counts as importing the
    submodule ``name`` where there is one, else the package itself."""
    folder = root.joinpath(*package.split("."))
    modules = {}
    for path in folder.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # (relative: from the module's package, up level - 1)
                    anchor = name.split(".") if is_package else name.split(".")[:-1]
                    anchor = anchor[: len(anchor) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in modules else base)
        graph[name] = {
            max((m for m in modules if target == m or target.startswith(m + ".")), key=len)
            for target in targets
            if target == package or target.startswith(package + ".")
        } - {name}
    return graph


def import_circles(package: str, root: Path = ROOT / "src") -> list[list[str]]:
    """The circles of imports inside ``package`` (:func:`imports_within`): each a list of its
    modules, sorted, that import one another round (strongly connected, Tarjan's way)."""
    graph = imports_within(package, root)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph[module]):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == module:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(circles)


PACKAGES_WITHOUT_CIRCLES = ["hearts.bots", "hearts.hand", "hearts.record", "hearts.rules"]
"""The packages held to no import circle inside them (issue 40)."""


@pytest.mark.parametrize("package", PACKAGES_WITHOUT_CIRCLES)
def test_no_import_circle_inside_the_package(package: str) -> None:
    """Contracts inside packages (issue 40): no two modules of the package import each other,
    directly or round a circle, not even inside a function or behind TYPE_CHECKING (where the
    layer contracts do not look)."""
    assert import_circles(package) == []


def test_an_import_circle_inside_a_package_is_found(tmp_path: Path) -> None:
    """The checker is live: in a copy of ``hearts.bots``, an import of the expert inside a
    function of the helper (the circle issue 40 broke) and a relative import behind
    TYPE_CHECKING in the sampler are each found."""
    shutil.copytree(ROOT / "src" / "hearts", tmp_path / "hearts")
    helper = tmp_path / "hearts" / "bots" / "helper.py"
    helper.write_text(
        helper.read_text() + "\n\ndef f() -> None:\n    from hearts.bots import expert\n"
    )
    sampler = tmp_path / "hearts" / "bots" / "sampler.py"
    sampler.write_text(
        sampler.read_text() + "\nif TYPE_CHECKING:\n    from ._domino_deals import x  # noqa\n"
    )
    (tmp_path / "hearts" / "bots" / "_domino_deals.py").write_text(
        "from hearts.bots import sampler\n"
    )
    circles = import_circles("hearts.bots", tmp_path)
    assert ["hearts.bots._domino_deals", "hearts.bots.sampler"] in circles
    assert any({"hearts.bots.expert", "hearts.bots.helper"} <= set(circle) for circle in circles)


def test_every_public_name_of_hearts_is_still_there_when_asked() -> None:
    """The light import keeps the package's names (issue 40): every name of ``hearts.__all__``
    comes with ``from hearts import name`` and as an attribute, and ``dir(hearts)`` lists them;
    a submodule is an attribute as an eager import once made it; a name that is not is an
    AttributeError, as ever."""
    import hearts

    assert set(hearts.__all__) <= set(dir(hearts))
    for name in hearts.__all__:
        space: dict[str, object] = {}
        exec(f"from hearts import {name}", space)
        assert space[name] is getattr(hearts, name) is not None
    assert hearts.bots.get("basic").__class__.__name__ == "BasicBot"
    assert hearts.words.__name__ == "hearts.words"
    with pytest.raises(AttributeError, match="has no attribute 'nonesuch'"):
        hearts.nonesuch  # noqa: B018
