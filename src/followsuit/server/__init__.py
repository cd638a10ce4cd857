"""The web table: ``followsuit serve`` (FastAPI + uvicorn, SQLite or PostgreSQL).

A client of the engine like the CLI: the server keeps each table's game as its
record in a database, runs one actor per table, and tells each seat only what
that seat's observation holds. :func:`~followsuit.server.app.create_app` builds
the application.
"""
