"""``python -m followsuit`` runs the command line."""

import sys

try:
    from .cli.main import main
except KeyboardInterrupt:  # Ctrl-C while the command is still loading: nothing begun
    print("\nStopped.", file=sys.stderr)
    sys.exit(130)

main()
