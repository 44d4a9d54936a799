"""Environments for research: a PettingZoo AEC environment of every form (:mod:`hearts.envs.aec`)
and a Gymnasium environment of one learning seat against bots (:mod:`hearts.envs.single`,
registered as ``hearts/Hearts-v0``).

This face needs the ``rl`` extra (``pip install 'hearts[rl]'``: PettingZoo, Gymnasium, NumPy);
the core imports none of them.
"""

from __future__ import annotations

from hearts.envs.aec import (
    ACTIONS,
    CARD_SLOTS,
    LAYOUT_VERSION,
    HeartsEnv,
    action_name,
    action_names,
    describe,
    encode,
    env,
    hand_loss_bound,
    layout,
    observation_bounds,
    raw_env,
)
from hearts.envs.single import ENV_ID, SingleSeatEnv, gym_env

__all__ = [
    "ACTIONS",
    "CARD_SLOTS",
    "ENV_ID",
    "LAYOUT_VERSION",
    "HeartsEnv",
    "SingleSeatEnv",
    "action_name",
    "action_names",
    "describe",
    "encode",
    "env",
    "gym_env",
    "hand_loss_bound",
    "layout",
    "observation_bounds",
    "raw_env",
]
