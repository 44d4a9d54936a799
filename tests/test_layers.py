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
    if not module.exists():  # (a package: its __init__)
        module = package.joinpath(*source.split(".")[1:], "__init__.py")
    module.write_text(module.read_text() + f"\nimport {target}  # noqa\n")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout
    assert f"{source} is not allowed to import {target}" in result.stdout
