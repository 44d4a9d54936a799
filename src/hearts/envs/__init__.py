"""Environments for research: a PettingZoo AEC environment of every form (:mod:`hearts.envs.aec`).

This face needs the ``rl`` extra (``pip install 'hearts[rl]'``: PettingZoo, Gymnasium, NumPy);
the core imports none of them.
"""

from __future__ import annotations

from hearts.envs.aec import ACTIONS, CARD_SLOTS, HeartsEnv, encode, env, layout, raw_env

__all__ = ["ACTIONS", "CARD_SLOTS", "HeartsEnv", "encode", "env", "layout", "raw_env"]
