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
FACES = {"cli", "tui", "server", "envs", "arena", "arena_deals", "arena_stats", "__main__"}
"""Modules and packages above the core, which may import third-party libraries (``__main__``:
``python -m hearts``, the command line)."""
CORE_FILES = sorted(
    path
    for path in CORE.rglob("*.py")
    if path.relative_to(CORE).parts[0].removesuffix(".py") not in FACES
)


NUMERIC = {
    "bots/value.py": {"numpy", "threadpoolctl"},
    "bots/standing.py": {"numpy"},
}
"""The modules below the faces that may import more than the standard library: the expert's
value model, a small network evaluated with NumPy (a dependency of the package), its BLAS held to
one thread by threadpoolctl; and score-aware
play, which judges the model's batch of positions at once (docs/architecture.md, "The expert's
value model")."""


@pytest.mark.parametrize("face", sorted(FACES))
def test_every_face_named_exists(face: str) -> None:
    """The list of faces names real modules or packages (a face named but missing would leave
    the core's check blind to it)."""
    assert (CORE / f"{face}.py").exists() or (CORE / face / "__init__.py").exists(), face


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_core_imports_only_the_standard_library(path: Path) -> None:
    """docs/architecture.md: nothing in the core imports a face, a database driver or a web framework."""
    allowed = NUMERIC.get(path.relative_to(CORE).as_posix(), set())
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
                assert top in sys.stdlib_module_names or top in {"__future__", *allowed}, (
                    f"{path.name} imports {name}, which is not in the standard library"
                )


LONGEST_CLASS = 625
"""The most lines a class of the core may span, docstrings included (the core redesign's "about
600 lines": a class longer than that carries more than one thing)."""


@pytest.mark.parametrize("path", CORE_FILES, ids=lambda p: str(p.relative_to(CORE)))
def test_no_class_of_the_core_is_longer_than_about_600_lines(path: Path) -> None:
    """docs/architecture.md: one unit per mechanic, and no class that holds them all."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            assert length <= LONGEST_CLASS, (
                f"{path.name}: class {node.name} spans {length} lines (at most {LONGEST_CLASS})"
            )


def _tool(name: str) -> list[str]:
    if shutil.which(name) is None and not (Path(sys.executable).parent / name).exists():
        pytest.fail(f"{name} is not installed: install the test extra (pip install -e '.[test]')")
    return [sys.executable, "-m", name]


def test_ruff_is_clean() -> None:
    """STYLE: ruff clean on the package, the tests, the benchmarks and the training scripts."""
    result = subprocess.run(
        [*_tool("ruff"), "check", "src", "tests", "benchmarks", "training"],
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


SHIPPED = sorted(
    [
        ROOT / "README.md",
        ROOT / "pyproject.toml",
        *(ROOT / "docs").glob("*.md"),
        *(ROOT / "benchmarks").glob("*.md"),
        *(ROOT / "training").glob("*"),
        *(
            path
            for folder in ("src", "tests")
            for path in (ROOT / folder).rglob("*")
            if path.is_file() and path.suffix in {".py", ".md", ".json", ".txt", ".toml"}
        ),
    ]
)
"""The text files a clone of the project has, which may cite only what a clone has."""
ABSENT = ("RULES" + ".md", "DESIGN" + ".md", "seeds" + "/", "../" + "shared")
"""Files outside the project (the notes it was built from), which a clone does not have: spelled
in pieces so that this file does not name them itself."""
RULES_DOC = ROOT / "docs" / "rules.md"


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", SHIPPED, ids=_name)
def test_no_shipped_file_cites_a_file_a_clone_does_not_have(path: Path) -> None:
    """Docs, docstrings, messages and tests cite docs/rules.md (and Foster's laws by number) and
    docs/architecture.md, not the notes outside the project."""
    text = path.read_text(encoding="utf-8")
    for absent in ABSENT:
        line = next((n for n, row in enumerate(text.splitlines(), 1) if absent in row), None)
        assert line is None, f"{_name(path)}:{line} cites {absent!r}, which a clone does not have"


def rules_sections() -> set[str]:
    """The numbers of docs/rules.md's sections (``## 5.`` and ``### 5.1`` headings) and of the
    numbered items within them (item 4 of §5.1 is ``5.1.4``)."""
    import re

    sections: set[str] = set()
    current = ""
    for line in RULES_DOC.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"#{2,3} (\d+(?:\.\d+)*)\.? ", line)
        item = re.match(r"(\d+)\. ", line)
        if heading:
            current = heading.group(1)
            sections.add(current)
        elif item and current:
            sections.add(f"{current}.{item.group(1)}")
    return sections


def test_the_rules_document_has_its_numbered_sections() -> None:
    """docs/rules.md keeps the numbering the citations use: §0 to §13, the items of §5.1."""
    sections = rules_sections()
    assert {str(n) for n in range(14)} <= sections
    assert {f"5.1.{n}" for n in range(1, 10)} <= sections and "5.1.10" not in sections
    assert {"6.3.5", "7.8", "10.8", "3.1.4", "1.4.6"} <= sections


def test_every_section_cited_is_a_section_of_the_rules_document() -> None:
    """Every "§N" in a shipped file (docs/rules.md itself included) is a section of
    docs/rules.md, or an item of one; in a range ("§6.3.2–3", "§6.2–6.5") both ends are."""
    import re

    sections = rules_sections()
    missing = []
    cite = re.compile(r"§\s?(\d+(?:\.\d+)*)(?:\s?[–-]\s?(\d+(?:\.\d+)*))?")
    for path in SHIPPED:
        for number, row in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for start, end in cite.findall(row):
                cited = [start]
                if end:
                    head = start.split(".")[: max(0, start.count(".") - end.count("."))]
                    cited.append(".".join([*head, end]))
                missing += [f"{_name(path)}:{number} §{n}" for n in cited if n not in sections]
    assert not missing, "sections docs/rules.md does not have: " + ", ".join(missing)


LONGEST_MODULE = 700
"""A module past this many lines holds several concerns, unless it says why it is one."""


def _modules() -> list[Path]:
    return sorted(p for p in CORE.rglob("*.py") if "__pycache__" not in p.parts)


def _one_module(path: Path) -> bool:
    """Whether a module's docstring has a paragraph beginning "One module:" (why it is one)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    return any(part.startswith("One module:") for part in doc.split("\n\n"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(CORE)))
def test_a_module_past_700_lines_says_why_it_is_one(path: Path) -> None:
    """Rooms of one concern: a module longer than 700 lines is split where it holds several
    concerns, or its docstring says, in a paragraph beginning "One module:", why it is one."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    if lines > LONGEST_MODULE:
        assert _one_module(path), (
            f"{path.relative_to(ROOT)} has {lines} lines: split it where it holds several "
            "concerns, or say in its docstring (a paragraph beginning 'One module:') why it is one"
        )


def test_the_long_module_check_reads_the_paragraph(tmp_path: Path) -> None:
    """The check above finds the paragraph only at a paragraph's start."""
    said = tmp_path / "said.py"
    said.write_text('"""Doc.\n\nOne module: one concern.\n"""\n', encoding="utf-8")
    buried = tmp_path / "buried.py"
    buried.write_text('"""Doc. One module: not a paragraph of its own.\n"""\n', encoding="utf-8")
    assert _one_module(said) and not _one_module(buried)
