"""Storage: sqlmodel tables, the database (SQLite or PostgreSQL), migrations, backups,
and the repository functions that turn rows into the core's records at the boundary."""
