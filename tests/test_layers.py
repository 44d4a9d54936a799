"""ARCHITECTURE: the package's imports point one way (docs/architecture.md).

The contracts live in pyproject.toml (``[tool.importlinter]``); import-linter checks them
against the real import graph of ``src/hearts``, including imports inside functions.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
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
    assert "Contracts: 3 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(
    ("source", "target"),
    [("hearts.deal", "hearts.variants"), ("hearts.hand.passing", "hearts.hand.auction")],
)
def test_an_import_up_the_layers_breaks_the_contract(
    tmp_path: Path, source: str, target: str
) -> None:
    """The checker is live: a copy of the package with one import pointing the wrong way (the
    engine reading a preset's name; one mechanic reading another) breaks a contract."""
    package = tmp_path / "src" / "hearts"
    shutil.copytree(ROOT / "src" / "hearts", package)
    module = package.joinpath(*source.split(".")[1:]).with_suffix(".py")
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


@pytest.mark.parametrize("module", _core_modules())
def test_the_core_as_loaded_imports_only_the_standard_library(module: str) -> None:
    """The core imports only the standard library, checked on the package as loaded (not only
    file by file, as tests/test_quality.py does): importing a module of the core in a fresh
    interpreter loads nothing else but the standard library and the core, and no bot."""
    loaded = _loaded(module)
    others = sorted(
        name for name in loaded if name.split(".")[0] not in {*sys.stdlib_module_names, "hearts"}
    )
    assert not others, f"import {module} loads {others}"
    assert not [name for name in loaded if name.startswith("hearts.bots")], module


def test_the_probe_of_what_is_loaded_sees_numpy() -> None:
    """The probe is live: importing the bots (whose value model evaluates with NumPy) is seen to
    load NumPy and the bots."""
    loaded = _loaded("hearts.bots")
    assert "numpy" in loaded and "hearts.bots.expert" in loaded
