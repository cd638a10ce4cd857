"""``python -m followsuit`` runs the command line."""

from .cli.main import main

main()
