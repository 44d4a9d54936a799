"""``python -m hearts``: the ``hearts`` command (:mod:`hearts.cli`)."""

from hearts.cli import main

main()
