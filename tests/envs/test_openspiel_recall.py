"""The OpenSpiel games' information state (hearts.envs.openspiel): the string and the tensor
are perfect recall (each tells the seat's whole history: its deal, its pass, every event it
saw, in order) and no two information states share a tensor; the tensor's shape is fixed per
game. And the rest of what OpenSpiel's users expect: every rule option and OpenSpiel's own
eight ``hearts`` names as parameters (bad values refused with a sentence), utility bounds that
hold and are reached, and ``undo_action``."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from hearts import Card, InvalidArgument, NoTrickBonus, scoring, variants  # noqa: E402
from hearts.envs import openspiel  # noqa: E402
from hearts.errors import HeartsError, IllegalMove, InvalidRules  # noqa: E402

# (preset, players): the auction, Domino, the widow (Heartsette), two packs, the stock, the
# pass to the right, three, five and six seats.
FORMS = [
    ("modern", 4),
    ("modern", 3),
    ("auction", 5),
    ("domino", 4),
    ("heartsette", 4),
    ("cancellation", 6),
    ("two-handed", 2),
    ("black-maria", 3),
    ("classic", 6),
    ("new-moon", 4),
]


def _game(name: str, players: int) -> object:
    """The game of a preset at a table of ``players`` (a parameter only where the form is
    played by several counts)."""
    params = {} if variants.get(name).players == players else {"players": players}
    return pyspiel.load_game(openspiel.game_name(name), params)


def _deal(state: object, deck: list[int]) -> None:
    for card in deck:
        state.apply_action(card)  # type: ignore[attr-defined]


def _walks(name: str, players: int, seed: int, deals: int, walks: int, depth: int):
    """States of random walks: ``walks`` walks of up to ``depth`` actions from each of
    ``deals`` deals (many walks share a deal, so the same cards come in other orders and
    groupings), each with, per seat, what it saw so far: the observation strings it was shown
    (repeats dropped) and its own actions."""
    game = _game(name, players)
    rng = random.Random(seed)
    for _ in range(deals):
        first = game.new_initial_state()
        deck: list[int] = []
        while first.is_chance_node():
            card = rng.choice(first.legal_actions())
            deck.append(card)
            first.apply_action(card)
        for _ in range(walks):
            state = game.new_initial_state()
            _deal(state, deck)
            seen: list[list[object]] = [[state.observation_string(p)] for p in range(players)]
            for _ in range(depth):
                yield state, seen
                if state.is_terminal():
                    break
                actor = state.current_player()
                action = rng.choice(state.legal_actions())
                state.apply_action(action)
                seen = [list(s) for s in seen]
                seen[actor].append(("acted", action))
                for p in range(players):
                    now = state.observation_string(p)
                    if seen[p][-1] != now:
                        seen[p].append(now)


@pytest.mark.parametrize(("name", "players"), FORMS)
def test_the_information_state_is_perfect_recall_and_no_two_share_a_tensor(
    name: str, players: int
) -> None:
    """Perfect recall (OpenSpiel's information state): over random walks from shared deals,
    each seat's information state string stands for one thing seen (the observations it was
    shown, in order, and its own actions: two histories that differ in what the seat saw have
    different strings), and each tensor for one information state string (no two information
    states share a tensor: the issue's collisions were the same cards grouped into other
    tricks). The tensor has the game's fixed shape at every state."""
    game = _game(name, players)
    (size,) = game.information_state_tensor_shape()
    seen_of: dict[str, tuple[object, ...]] = {}
    string_of: dict[bytes, str] = {}
    states = 0
    count = 3 if name == "cancellation" else 6  # (two packs: a slower hand)
    walks = _walks(name, players, seed=players * 31 + len(name), deals=2, walks=count, depth=32)
    for state, seen in walks:
        for seat in range(players):
            string = state.information_state_string(seat)
            tensor = state.information_state_tensor(seat)
            assert len(tensor) == size
            key = np.asarray(tensor, np.float32).tobytes()
            assert seen_of.setdefault(string, tuple(seen[seat])) == tuple(seen[seat]), (
                "one information state string for two different things seen"
            )
            assert string_of.setdefault(key, string) == string, (
                "one tensor for two information states"
            )
        states += 1
    assert len(string_of) > 100 and states > 40


def test_the_same_cards_in_other_tricks_are_other_tensors() -> None:
    """The issue's case: two histories of one deal where the same cards have been played but
    grouped into other tricks (or led by other seats) give every seat a different tensor."""
    game = pyspiel.load_game("hearts_classic")
    rng = random.Random(3)
    deck = [card for card, _ in game.new_initial_state().chance_outcomes()]
    rng.shuffle(deck)
    found: dict[frozenset[int], dict[tuple[int, ...], list[tuple[float, ...]]]] = {}
    for walk in range(300):
        walker = random.Random(walk)
        state = game.new_initial_state()
        _deal(state, deck)
        played: list[int] = []
        for _ in range(8):  # two tricks
            action = walker.choice(state.legal_actions())
            played.append(action)
            state.apply_action(action)
        tensors = [tuple(state.information_state_tensor(p)) for p in range(4)]
        found.setdefault(frozenset(played), {})[tuple(played)] = tensors
    pairs = 0
    for orders in found.values():
        seen = list(orders.values())
        for i in range(len(seen)):
            for j in range(i + 1, len(seen)):
                pairs += 1
                for seat in range(4):
                    assert seen[i][seat] != seen[j][seat]
    assert pairs > 0  # some walks played the same cards in another order


def test_the_tensor_layout_is_documented_and_versioned() -> None:
    """recall_layout names the fields in order, they tile the tensor, and its version is an
    int; the C++ hearts game's size is in the same range for modern."""
    rules = variants.get("modern")
    fields = openspiel.recall_layout(rules)
    assert isinstance(openspiel.RECALL_VERSION, int)
    at = 0
    for piece in fields.values():
        assert piece.start == at
        at = piece.stop
    game = pyspiel.load_game("hearts_modern")
    assert game.information_state_tensor_shape() == [at]
    assert game.information_state_tensor_shape() == [at]  # fixed
    assert at < 2 * pyspiel.load_game("hearts").information_state_tensor_shape()[0]


# ----------------------------------------------------------------------------- parameters


@pytest.mark.parametrize("preset", variants.names())
def test_every_option_of_the_form_is_a_parameter(preset: str) -> None:
    """Every option of the preset's rules (but the laws, and players, a parameter of its own
    where the form is played by several counts) is a parameter, dotted where it belongs to a
    part, and OpenSpiel's eight hearts names too; the defaults are the preset's own."""
    game = pyspiel.load_game(openspiel.game_name(preset))
    spec = game.get_type().parameter_specification
    rules = variants.get(preset)
    options = {name for name in rules.to_dict() if name not in ("players",)}
    for name in options:
        assert name in spec, name
    for name in ("passing.count", "passing.cycle", "auction.max_bid", "joker.penalty"):
        assert name in spec
    for name in ("cancellation.widow", "settlement.moon", "settlement.no_trick.points"):
        assert name in spec
    for name in openspiel.OPENSPIEL_NAMES:
        assert name in spec
    assert "laws" not in spec
    assert game.rules == rules


def test_openspiels_own_names_have_the_rules_they_name() -> None:
    """OpenSpiel's hearts parameters change the rules they stand for: a modern game with the
    J♦ bonus and the no-trick bonus (OpenSpiel's: not in a moon hand), any club led, no pass."""
    names = set(pyspiel.load_game("hearts").get_parameters())
    assert names == set(openspiel.OPENSPIEL_NAMES)
    game = pyspiel.load_game(
        "hearts_modern",
        {
            "jd_bonus": True,
            "avoid_all_tricks_bonus": True,
            "can_lead_any_club": True,
            "pass_cards": False,
            "qs_breaks_hearts": False,
            "must_break_hearts": False,
            "no_pts_on_first_trick": False,
            "can_lead_hearts_instead_of_qs": False,
        },
    )
    rules = game.rules
    assert (Card.parse("JD"), -10) in rules.card_values
    assert rules.no_trick == NoTrickBonus(points=5, with_moon=False)
    assert rules.first_lead.value == "any-club" and rules.passing is None
    assert not rules.queen_breaks_hearts and not rules.hearts_must_be_broken
    assert not rules.penalty_free_first_trick and not rules.lead_hearts_with_only_penalty


def test_the_projects_options_change_the_rules() -> None:
    """Dotted options change a part's options (or turn it on); a part's flag turns it on or
    off; sequences are parted by '/'; a game with changed options deals and plays, and
    loads again from its own string (OpenSpiel's serialization)."""
    game = pyspiel.load_game(
        "hearts_modern",
        {
            "players": 5,
            "passing.count": 2,
            "passing.cycle": "right/left",
            "settlement.moon": "new",
            "card_values": "QS:13/JD:-10",
        },
    )
    rules = game.rules
    assert rules.players == 5 and rules.passing.count == 2
    assert [d.value for d in rules.passing.cycle] == ["right", "left"]
    assert rules.moon.value == "new" and len(rules.card_values) == 2
    assert pyspiel.load_game(str(game)).rules == rules
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    assert pyspiel.load_game("hearts_classic", {"auction": True}).rules.auction is not None
    assert pyspiel.load_game("hearts_classic", {"settlement": "howell"}).rules.method.value == (
        "howell"
    )
    bonus = pyspiel.load_game("hearts_no_trick", {"settlement.no_trick.points": 7}).rules
    assert bonus.no_trick.points == 7 and bonus.no_trick.with_moon


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"passing.count": 0}, InvalidRules, "passing.count=0 must be at least one card"),
        ({"settlement.moon": "sideways"}, InvalidRules, "not one of: off, old, new, choice"),
        ({"auction.max_bid": 5}, InvalidArgument, "auction is off: turn it on with auction=True"),
        ({"card_values": "QS13"}, InvalidArgument, "each is a card and its value"),
        ({"passing.cycle": "left,right"}, InvalidArgument, "part a sequence with '/'"),
        ({"settlement": "howell", "settlement.moon": "new"}, InvalidRules, "settlement=points"),
        ({"jd_bonus": True, "card_values": "JD:-5"}, InvalidArgument, "give one of them"),
        ({"settlement.no_trick.points": 3}, InvalidArgument, "settlement.no_trick is off"),
        ({"players": 9}, InvalidRules, "players"),
        ({"episode": "match"}, InvalidArgument, "'hand' or 'game'"),
    ],
)
def test_a_bad_parameter_is_refused_with_a_sentence(
    params: dict[str, object], error: type[Exception], words: str
) -> None:
    """Values the rules cannot take, options of a part that is off, a project option and its
    OpenSpiel name both, commas in a sequence: refused with a sentence naming it."""
    with pytest.raises(error, match=words.replace("(", r"\(")):
        pyspiel.load_game("hearts_modern", params)


def test_an_unknown_or_mistyped_parameter_is_refused_by_openspiel() -> None:
    """OpenSpiel itself refuses a name not in the specification (listing them) and a value of
    another type."""
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'bogus'"):
        pyspiel.load_game("hearts_modern", {"bogus": 1})
    with pytest.raises(pyspiel.SpielError, match=r"Wrong type for parameter passing\.count"):
        pyspiel.load_game("hearts_modern", {"passing.count": "x"})


# ----------------------------------------------------------------------------- bounds


@pytest.mark.parametrize("preset", variants.names())
def test_returns_stay_within_the_utility_bounds(preset: str) -> None:
    """No random hand's return falls outside [min_utility, max_utility], which are the
    settlement's own bounds for one hand (hearts.envs.openspiel.hand_bounds)."""
    game = pyspiel.load_game(openspiel.game_name(preset))
    least, most = game.min_utility(), game.max_utility()
    assert (least, most) == openspiel.hand_bounds(game.rules)
    assert least < most
    rng = random.Random(preset)
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        for value in state.returns():
            assert least <= value <= most


def test_the_bounds_are_reached() -> None:
    """Each bound is what the engine's own settlement gives a seat in an extreme hand: the
    modern game's −26 (another seat shoots the Old Moon) and 0 (no point taken); the New
    Moon's +26; the Omnibus J♦'s +10 and the no-trick bonus's +5; sweepstakes' ±T (T units
    taken, or a sole clear seat taking the pool); Howell's T − N·T and T; the excess's −2T and
    T."""

    def bounds(name: str, **changes: object) -> tuple[float, float]:
        return openspiel.hand_bounds(variants.get(name).replace(**changes))

    moon = scoring.points([26, 0, 0, 0], shooter=0, moon="old")
    assert bounds("modern") == (-max(moon), -min(moon)) == (-26.0, 0.0)
    new = scoring.points([26, 0, 0, 0], shooter=0, moon="new")
    assert bounds("new-moon") == (-26.0, -min(new)) == (-26.0, 26.0)
    assert bounds("omnibus")[1] == -scoring.points([0, 26, -10, 0])[2] == 10.0
    bonus = scoring.points([13, 13, 0, 0], no_trick=[False, False, False, True], no_trick_bonus=5)
    assert bounds("no-trick")[1] == -bonus[3] == 5.0
    sweep = scoring.sweepstakes([13, 0, 0, 0]).deltas, scoring.sweepstakes([0, 5, 4, 4]).deltas
    assert bounds("classic") == (min(sweep[0]), max(sweep[1])) == (-13.0, 13.0)
    howell = scoring.howell([13, 0, 0, 0], total=13).deltas
    assert bounds("howell") == (min(howell), max(howell)) == (-39.0, 13.0)
    excess = scoring.excess([13, 0, 0]).deltas
    assert bounds("three-handed") == (min(excess), max(excess)) == (-26.0, 13.0)
    game = pyspiel.load_game("hearts_modern", {"episode": "game", "max_hands": 3})
    assert (game.min_utility(), game.max_utility()) == (-78.0, 0.0)


# ----------------------------------------------------------------------------- undo


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("hearts_modern", {}),
        ("hearts_heartsette", {}),
        ("hearts_auction", {}),
        ("hearts_domino", {}),
        ("hearts_new_moon", {"settlement.moon": "choice"}),
        ("hearts_classic", {"episode": "game", "max_hands": 2}),
    ],
)
def test_undo_action_takes_back_the_last_action(name: str, params: dict[str, object]) -> None:
    """State.undo_action(player, action) after apply_action(action) gives the same state:
    its string, history, serialization, legal actions, and every seat's strings and tensors;
    at every step of a hand (a pass, a discard, a bid, a moon choice, the hand's end, the next
    hand's deal), then back to the start."""
    game = pyspiel.load_game(name, params)
    rng = random.Random(5)
    state = game.new_initial_state()

    def snapshot() -> list[object]:
        out: list[object] = [str(state), state.history(), state.serialize()]
        out.append(state.current_player())
        if not state.is_chance_node():
            out.append(state.legal_actions())
        for seat in range(game.num_players()):
            out.append(state.information_state_string(seat))
            out.append(state.observation_string(seat))
            out.append(state.information_state_tensor(seat))
            out.append(state.observation_tensor(seat))
        return out

    steps = 0
    while not state.is_terminal():
        before = snapshot()
        player, action = state.current_player(), rng.choice(state.legal_actions())
        state.apply_action(action)
        state.undo_action(player, action)
        assert snapshot() == before
        state.apply_action(action)
        steps += 1
    returns = state.returns()
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.returns() == returns
    for step in reversed(state.full_history()):
        state.undo_action(step.player, step.action)
    assert state.history() == [] and str(state) == str(game.new_initial_state())
    assert steps > 50


def test_undo_refuses_anything_but_the_last_action() -> None:
    """Undoing an action that is not the last (or with nothing applied) raises IllegalMove with
    a sentence and changes nothing."""
    game = pyspiel.load_game("hearts_modern")
    state = game.new_initial_state()
    with pytest.raises(IllegalMove, match="nothing to undo"):
        state.undo_action(-1, 0)
    state.apply_action(5)
    before = str(state)
    with pytest.raises(IllegalMove, match="the last action is 5 by player -1"):
        state.undo_action(-1, 6)
    assert str(state) == before and state.history() == [5]
    with pytest.raises((HeartsError, InvalidArgument)):
        state.undo_action(-1, "5")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("params", "jd", "card_values", "passing"),
    [
        ({"jd_bonus": True, "card_values": "QS:13"}, True, "QS:13/JD:-10", True),
        ({"jd_bonus": True, "card_values": "QS:13/JD:-10"}, True, "QS:13/JD:-10", True),
        ({"pass_cards": False, "passing": False}, False, "QS:13", False),
        ({"pass_cards": False}, False, "QS:13", False),
    ],
)
def test_the_games_parameters_say_the_rules_as_played_and_read_back_the_same(
    params: dict[str, object], jd: bool, card_values: str, passing: bool
) -> None:
    """An OpenSpiel name and its option agree in get_parameters (the rules played), and the
    game's string loads the same rules again."""
    game = pyspiel.load_game("hearts_modern", params)
    told = game.get_parameters()
    assert (told["jd_bonus"], told["card_values"]) == (jd, card_values)
    assert told["pass_cards"] == told["passing"] == passing
    assert pyspiel.load_game(str(game)).rules == game.rules


@pytest.mark.parametrize(
    "private",
    [pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.ALL_PLAYERS],
)
def test_an_observer_of_other_than_one_seats_own_view_is_refused(private: object) -> None:
    """No hidden card: an observer asked for the public information alone, or for every
    player's, is refused in a sentence rather than handed one seat's cards."""
    game = pyspiel.load_game("hearts_modern")
    kind = pyspiel.IIGObservationType(perfect_recall=False, public_info=True, private_info=private)
    with pytest.raises(InvalidArgument, match="one seat what that seat sees"):
        game.make_py_observer(kind)
