"""``python -m hearts``: the ``hearts`` command (:mod:`hearts.cli`)."""

import sys

try:
    from hearts.cli import main
except KeyboardInterrupt:  # Ctrl+C while the command line is still being loaded
    sys.stderr.write("interrupted: stopped by Ctrl+C before the command had started\n")
    sys.exit(130)

main()
