"""Project standards checked by the test suite: the core imports only the standard library,
ruff is clean, mypy is clean on the core, and CI runs the README's test command."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CORE = ROOT / "src" / "hearts"
FACES = {"cli", "tui", "server", "web", "envs", "arena"}
"""Modules and packages above the core, which may import third-party libraries."""
CORE_FILES = sorted(
    path
    for path in CORE.rglob("*.py")
    if path.relative_to(CORE).parts[0].removesuffix(".py") not in FACES
)


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_imports_only_the_standard_library(path: Path) -> None:
    """DESIGN.md: nothing in the core imports a face, a database driver or a web framework."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        for name in names:
            top = name.split(".")[0]
            if top == "hearts":
                part = name.split(".")[1] if "." in name else ""
                assert part not in FACES, f"{path.name} imports the face {name}"
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}, which is not in the standard library"
                )


def _tool(name: str) -> list[str]:
    if shutil.which(name) is None and not (Path(sys.executable).parent / name).exists():
        pytest.fail(f"{name} is not installed: install the test extra (pip install -e '.[test]')")
    return [sys.executable, "-m", name]


def test_ruff_is_clean() -> None:
    """STYLE: ruff clean on the package and the tests."""
    result = subprocess.run(
        [*_tool("ruff"), "check", "src", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean_on_the_core() -> None:
    """STYLE: mypy --strict clean on the package (configured in pyproject.toml)."""
    result = subprocess.run([*_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ci_runs_the_readme_test_command() -> None:
    """The README's second command is exactly what CI runs."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert ci in readme
    commands = [line for line in readme.splitlines() if line.startswith("python3 -m venv")]
    assert len(commands) == 2 and commands[1] == ci


def test_every_test_named_in_docs_laws_exists() -> None:
    """docs/laws.md names the test of each law: each name (or pattern) must be a real test."""
    import re

    text = (ROOT / "docs" / "laws.md").read_text(encoding="utf-8")
    names = set(re.findall(r"`(test_[a-z0-9_*]+)`", text))
    assert len(names) > 20
    sources = "\n".join(path.read_text(encoding="utf-8") for path in (ROOT / "tests").rglob("*.py"))
    for name in sorted(names):
        pattern = name.replace("*", r"\w*")
        assert re.search(rf"def {pattern}\(", sources), f"docs/laws.md names {name}: no such test"
    for law in range(1, 31):
        assert re.search(rf"^\| {law}( |–)|^\| \d+–{law} ", text, re.M), f"law {law} has no row"
