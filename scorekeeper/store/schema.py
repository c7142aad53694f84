"""The schema this version of the app writes, named without the database layer (the
first screen reads a SQLite file before SQLAlchemy is imported: ui/first_screen.py)."""

# The newest migration.  A database already at it opens without importing alembic (a
# second of the app's start); tests/store/test_migrations.py checks it is the head.
SCHEMA_HEAD = "0023"
