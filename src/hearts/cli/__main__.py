"""``python -m hearts.cli``: the ``hearts`` command, as ``python -m hearts`` runs it."""

from hearts.cli import main

main()
