"""Game records: a game as JSON (its rules, seed and events), read back by replaying its moves.

A record holds everything needed to rebuild a game: the rules, the seed of its shuffles, the first
dealer, and the event log. Loading deals again from the seed, replays the moves found among the
events (bids, suits named, passes, cards played, moon choices) and then checks that the rebuilt game's log equals
the recorded one exactly, so an edited deal, trick or score is refused with the event it is in.
A game played without a seed (``Game(rules)``, or with an injected generator) is recorded with
``"seed": null``; its deals are then taken from the record, checked to deal the whole pack in the
right sizes, and only the play is verified. A seeded game's log commits to each shuffle before
the cut; :func:`hearts.verify.verify_record` checks a record's deals and play hand by hand
without refusing it at the first difference.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> for _ in range(6):
...     _ = game.play(game.legal_moves()[0], game.to_act)
>>> text = dumps(game)
>>> loads(text).events == game.events
True
>>> loads(text.replace('"seed": 7', '"seed": 8'))
Traceback (most recent call last):
...
hearts.errors.InvalidRecord: event 0 (shuffle_committed) does not match the game rebuilt from the seed: its commitment is '839d7037a9b193467b2cf4f543b4f2714aea34758b55d6fd79924a4c5a1f5d40' in the record, but '18c061c13ee66ccb93d66ae76af9cc3abb6e6abfc89d27c9db9f68a606f54353' in the rebuilt game

The format, one event a line::

    {"format": "hearts-record", "version": 2, "variant": "modern", "rules": {...},
     "seed": 7, "dealer": 0, "cut_for_deal": false, "events": [
    {"kind": "shuffle_committed", "hand_number": 0, "dealer": 0, "commitment": "5f0c..."},
    {"kind": "dealt", ...},
    ...
    ]}

Events are numbered from 0, as in the record's ``events`` list.

A game with hand seeds (``Game(rules, seed, hand_seeds=True)``) is recorded with
``"hand_seeds": true`` beside its seed; records without the field (every record written before
it) are games whose hands draw from one generator. A table that reveals each hand's seed once
the hand is over can write the record of a game in progress as a client may hold it
(``to_dict(game, reveal=n)``): ``"seed": null``, ``"hand_seeds": true``, the seeds of the first
``n`` hands in ``"revealed"`` (``{"0": "<64 hex digits>", ...}``, hands counted from 0 as in the
events), those hands' events whole and the later events as a watcher (or one seat) sees them.
:func:`hearts.verify.verify_record` checks the hands revealed and says the others are not yet;
such a record cannot be rebuilt (:func:`from_dict` says so) until its seed is given.

Records of games played by the laws (``Rules(laws=True)``) written before claims were judged
at the end of the hand (by earlier versions of hearts, where a claim was proven or refused at
once) hold ``revoke_claimed`` events and no ``claim_judged``. They are read as they are: the
moves are the same and so is the settlement, and a hand whose recorded events have no judgement
is compared without the judgements the engine now logs (:func:`as_recorded`).

Version 1 records, whose rules
are flat options (``pass_count``, ``max_bid``, ``packs``…), are read too: their rules are
migrated to the parts of version 2 (:meth:`hearts.rules.Rules.from_dict`).

The rules of version 2 changed shape once, before any record of it was released: the settlement
became a part too, ``"settlement": {"method": "points", "moon": "old", "no_trick": {"points": 5,
"with_moon": true}}``, where version 2 was first written with the settlement's options flat
beside its method (``"settlement": "points", "moon": "old", "no_trick_bonus": 5, "jack_rule":
..., "free_hearts": ...``), as version 1 had them. Rules of that first shape are still read
(their flat options into the settlement part), so such a record loads and replays the same.

The package is in rooms of one concern, and every name is importable from ``hearts.record`` as
before: :mod:`hearts.record.data` (the record as JSON data: :func:`to_dict` writes it,
:func:`contents` reads and checks each field), :mod:`hearts.record.replay` (the game played again
from a record and compared with its log: :func:`from_dict`, :func:`start`, :func:`as_recorded`),
:mod:`hearts.record.io` (JSON text and files: :func:`dumps`, :func:`dump`, :func:`loads`,
:func:`load`, and :func:`parse_json`, which sniffs an encoding that is not UTF-8) and
:mod:`hearts.record.account` (the readable text: :func:`text`). Each imports only those before it
in that list (``io`` reads with ``replay``); the account stands beside them.
"""

from __future__ import annotations

from hearts.record.account import text, units
from hearts.record.data import FORMAT, READS, VERSION, Contents, contents, to_dict
from hearts.record.io import PathOrFile, Readable, dump, dumps, load, loads, parse_json
from hearts.record.replay import as_recorded, from_dict, start

__all__ = [
    "FORMAT",
    "VERSION",
    "READS",
    "to_dict",
    "from_dict",
    "Contents",
    "contents",
    "start",
    "units",
    "dumps",
    "dump",
    "loads",
    "load",
    "text",
    "as_recorded",
    # public names of the module the package was, though not in its __all__ (now re-exported)
    "parse_json",
    "PathOrFile",
    "Readable",
]
