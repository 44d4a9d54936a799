"""ARCHITECTURE: the mechanics reach the hand's core through its small API only, and
hearts.hand has no import circle.

Read from the source (the AST), over every module of hearts.hand but the core's own two
(core.py and api.py, whose MechanicAPI is a base of HandCore: the API itself):

- no mechanic assigns, augments, deletes or mutates in place (``.append``, ``.pop``, ...) an
  attribute of the hand it is given, nor of anything reached from it (``hand._fixed.stock``), nor
  through a local name bound to it or to a part of it;
- every attribute a mechanic takes of the hand is a member of the documented
  :class:`hearts.hand.mechanic.Hand` (so no private slot is read either);
- the imports between the modules of hearts.hand, those inside functions and behind
  ``TYPE_CHECKING`` included, make no circle.

Each checker is shown to catch violations planted in a copy of a real module's source.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import hearts.hand
from hearts.deal import Deal
from hearts.hand.api import MechanicAPI
from hearts.hand.core import HandCore
from hearts.hand.mechanic import HAND_API

HAND_DIR = Path(hearts.hand.__file__).parent
CORE_MODULES = frozenset({"core.py", "api.py"})
"""The hand's core: HandCore and its base MechanicAPI, which own the slots."""
HAND_TYPES = frozenset({"Hand", "HandCore", "Deal"})
"""Annotations that mark a parameter as the hand."""
MUTATORS = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "remove",
        "clear",
        "sort",
        "reverse",
        "update",
        "add",
        "discard",
        "setdefault",
        "popitem",
        "__setitem__",
        "__delitem__",
        "__setattr__",
        "__delattr__",
        "__iadd__",
        "__ior__",
        "__iand__",
    }
)


def _mechanic_modules() -> list[Path]:
    return sorted(p for p in HAND_DIR.glob("*.py") if p.name not in CORE_MODULES)


def _annotation_names(node: ast.expr | None) -> set[str]:
    if node is None:
        return set()
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            node = ast.parse(node.value, mode="eval").body
        except SyntaxError:
            return set()
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def _root(node: ast.expr) -> tuple[str | None, int]:
    """The name at the root of an attribute / subscript chain, and the chain's length."""
    depth = 0
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
        depth += 1
    return (node.id if isinstance(node, ast.Name) else None), depth


def _targets(node: ast.expr) -> Iterator[ast.expr]:
    """The single targets of an assignment target (tuples and starred unpacked)."""
    if isinstance(node, (ast.Tuple, ast.List)):
        for element in node.elts:
            yield from _targets(element)
    elif isinstance(node, ast.Starred):
        yield from _targets(node.value)
    else:
        yield node


class _Checker(ast.NodeVisitor):
    """Finds, function by function, the hand's names and what is done to them."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.writes: list[str] = []
        self.reads: list[tuple[str, str]] = []
        self.hands: list[dict[str, bool]] = [{}]
        """In each function: the names bound to the hand (True) or to a part of it (False)."""

    def _where(self, node: ast.AST) -> str:
        return f"{self.filename}:{getattr(node, 'lineno', '?')}"

    def _is_hand(self, node: ast.expr) -> bool:
        name, _ = _root(node)
        return name is not None and name in self.hands[-1]

    def _function(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) -> None:
        hands = dict(self.hands[-1])
        arguments = node.args
        for arg in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            # (annotated as the hand, or unannotated and called so; choices.py's ``hand`` is a
            # seat's cards, annotated CardSet | int)
            if _annotation_names(arg.annotation) & HAND_TYPES or (
                arg.annotation is None and arg.arg == "hand"
            ):
                hands[arg.arg] = True
            else:
                hands.pop(arg.arg, None)
        self.hands.append(hands)
        self.generic_visit(node)
        self.hands.pop()

    visit_FunctionDef = _function
    visit_AsyncFunctionDef = _function
    visit_Lambda = _function

    def _bind(self, target: ast.expr, value: ast.expr | None) -> None:
        """A name bound to the hand, or to a part of it (not a call's result), is the hand's."""
        aliased = value is not None and not isinstance(value, ast.Call) and self._is_hand(value)
        whole = aliased and isinstance(value, ast.Name) and self.hands[-1][value.id]
        for single in _targets(target):
            if isinstance(single, ast.Name):
                if aliased:
                    self.hands[-1][single.id] = whole
                else:
                    self.hands[-1].pop(single.id, None)
            elif self._is_hand(single):
                self.writes.append(f"{self._where(single)}: assigns {ast.unparse(single)}")

    def visit_Assign(self, node: ast.Assign) -> None:
        self.generic_visit(node)
        for target in node.targets:
            self._bind(target, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        self.generic_visit(node)
        self._bind(node.target, node.value)

    def visit_NamedExpr(self, node: ast.NamedExpr) -> None:
        self.generic_visit(node)
        self._bind(node.target, node.value)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.generic_visit(node)
        if not isinstance(node.target, ast.Name) and self._is_hand(node.target):
            self.writes.append(f"{self._where(node)}: augments {ast.unparse(node.target)}")

    def visit_Delete(self, node: ast.Delete) -> None:
        self.generic_visit(node)
        for target in node.targets:
            for single in _targets(target):
                if not isinstance(single, ast.Name) and self._is_hand(single):
                    self.writes.append(f"{self._where(node)}: deletes {ast.unparse(single)}")

    def visit_For(self, node: ast.For) -> None:
        self.visit(node.iter)
        self._bind(node.target, None)
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)

    def visit_Call(self, node: ast.Call) -> None:
        self.generic_visit(node)
        function = node.func
        if isinstance(function, ast.Attribute) and function.attr in MUTATORS:
            name, depth = _root(function.value)
            # hand.x.append(...), or part.append(...) where part = hand.x: a method of a part
            # of the hand (hand.log(...), a method of the hand, is the API's).
            whole = self.hands[-1].get(name) if name is not None else None
            if whole is not None and (depth >= 1 or not whole or function.attr.startswith("__")):
                self.writes.append(f"{self._where(node)}: mutates {ast.unparse(function)}")
        if (
            isinstance(function, ast.Name)
            and function.id in ("setattr", "delattr")
            and node.args
            and self._is_hand(node.args[0])
        ):
            self.writes.append(f"{self._where(node)}: {function.id} on the hand")
        if (
            isinstance(function, ast.Attribute)
            and function.attr in ("__setattr__", "__delattr__")
            and len(node.args) > 0
            and self._is_hand(node.args[0])
        ):
            self.writes.append(f"{self._where(node)}: {function.attr} on the hand")

    def visit_Attribute(self, node: ast.Attribute) -> None:
        if isinstance(node.value, ast.Name) and self.hands[-1].get(node.value.id):
            self.reads.append((self._where(node), node.attr))
        self.generic_visit(node)


def check(source: str, filename: str = "<planted>") -> _Checker:
    checker = _Checker(filename)
    checker.visit(ast.parse(source, filename))
    return checker


def _checked_modules() -> list[tuple[str, _Checker]]:
    return [(path.name, check(path.read_text(), path.name)) for path in _mechanic_modules()]


def test_the_core_modules_left_out_are_the_core_itself() -> None:
    # The two modules the checks skip are HandCore's own: the API is a base of the core.
    assert MechanicAPI in HandCore.__mro__
    assert {p.name for p in HAND_DIR.glob("*.py")} - {p.name for p in _mechanic_modules()} == (
        CORE_MODULES
    )
    names = {p.name for p in _mechanic_modules()}
    for mechanic in ("passing", "auction", "widow", "moon", "laws", "domino", "stock"):
        assert f"{mechanic}.py" in names
    assert {"cancellation.py", "choices.py", "mechanic.py", "plan.py", "phase.py"} <= names


def test_no_mechanic_assigns_or_mutates_a_slot_of_the_hand_core() -> None:
    writes = [write for _, checker in _checked_modules() for write in checker.writes]
    assert writes == []


def test_mechanics_reach_the_hand_only_through_the_documented_hand_api() -> None:
    reads = [
        f"{where}: hand.{name}"
        for _, checker in _checked_modules()
        for where, name in checker.reads
        if name not in HAND_API
    ]
    assert reads == []
    # (and the checker saw the mechanics use it: it is no vacuous pass)
    used = {name for _, checker in _checked_modules() for _, name in checker.reads}
    assert {"remember", "remember_all", "log", "turn_to", "give_cards", "draw"} <= used


def test_every_member_of_the_hand_api_is_on_the_core_and_the_deal() -> None:
    assert HAND_API
    for name in HAND_API:
        assert hasattr(HandCore, name), name
        assert hasattr(Deal, name), name
    assert not any(name.startswith("_") for name in HAND_API)


PLANTED = [
    ("hand._legal = -1", "assigns"),
    ("hand._fixed.stock = ()", "assigns"),
    ("hand._hands[seat] &= ~mask", "augments"),
    ("hand._stock_pos += 1", "augments"),
    ("_, hand._phase, hand._to_act = record", "assigns"),
    ("del hand._events[3:]", "deletes"),
    ("hand._stack.append(record)", "mutates"),
    ("hand._events.pop()", "mutates"),
    ("hands = hand._hands\n        hands[seat] |= mask", "augments"),
    ("events = hand._events\n        events.append(None)", "mutates"),
    ("other = hand\n        other._to_act = seat", "assigns"),
    ("setattr(hand, '_phase', None)", "setattr"),
    ("object.__setattr__(hand, '_phase', None)", "__setattr__"),
]


@pytest.mark.parametrize(("line", "kind"), PLANTED)
def test_the_checker_catches_a_write_planted_in_a_real_mechanic(line: str, kind: str) -> None:
    source = (HAND_DIR / "passing.py").read_text()
    anchor = "        passes = self.passes\n"
    assert anchor in source  # (Passing.give's first line)
    planted = source.replace(anchor, anchor + f"        {line}\n", 1)
    assert check(source).writes == []
    writes = check(planted, "passing.py").writes
    assert writes and all(f": {kind} " in write + " " for write in writes), writes


def test_the_checker_catches_a_private_read_planted_in_a_real_mechanic() -> None:
    source = (HAND_DIR / "stock.py").read_text()
    planted = source.replace("        seat = winner\n", "        seat = hand._to_act\n", 1)
    assert planted != source
    reads = [name for _, name in check(planted).reads if name not in HAND_API]
    assert reads == ["_to_act"]


def test_reading_the_mechanics_own_state_and_calling_the_api_are_no_violation() -> None:
    source = """
def apply(self, hand: Hand, move, seat):
    hand.remember((self, seat))
    self.passes[seat] = 1
    passes = self.passes
    passes.append(2)
    cards = hand.trick_cards
    hand.log(event)
    hand = other_thing()
    hand.x = 1
"""
    assert check(source).writes == []


# ---------------------------------------------------------------------- import circles


def _imports(source: str) -> set[str]:
    """The modules of hearts.hand that ``source`` imports, anywhere in it (functions and
    TYPE_CHECKING blocks included)."""
    found: set[str] = set()
    package = "hearts.hand"
    modules = {p.stem for p in HAND_DIR.glob("*.py")} | {
        p.name.split(".")[0] for p in HAND_DIR.glob("*.so")
    }
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name.split(".")[2])
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: from . import x / from .x import y
                module = package + ("." + module if module else "")
            if module == package:
                found.update(alias.name for alias in node.names if alias.name in modules)
            elif module.startswith(package + "."):
                found.add(module.split(".")[2])
    return found


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle in ``graph`` (as the path around it), or None."""
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for other in sorted(graph.get(node, ())):
            if state.get(other) == 1:
                return [*path[path.index(other) :], other]
            if other not in state:
                found = visit(other)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def _hand_graph() -> dict[str, set[str]]:
    return {p.stem: _imports(p.read_text()) - {p.stem} for p in HAND_DIR.glob("*.py")}


def test_hearts_hand_has_no_import_circle_even_inside_functions_or_type_checking() -> None:
    graph = _hand_graph()
    assert "mechanic" in graph["core"]  # (the core imports the interface, under TYPE_CHECKING)
    assert "core" not in graph["mechanic"]
    assert _circle(graph) is None


@pytest.mark.parametrize(
    "planted",
    [
        "if TYPE_CHECKING:\n    from hearts.hand.core import HandCore\n",
        "def later() -> None:\n    from hearts.hand import core\n",
        "def later() -> None:\n    import hearts.hand.core\n",
    ],
)
def test_the_circle_check_catches_a_circle_planted_in_the_interface(planted: str) -> None:
    graph = _hand_graph()
    source = (HAND_DIR / "mechanic.py").read_text() + "\n" + planted
    graph["mechanic"] = _imports(source) - {"mechanic"}
    circle = _circle(graph)
    assert circle is not None and circle[0] == circle[-1]
    assert {"core", "mechanic"} <= set(circle)
