"""A tournament day: the draw (draw.py: tables, a seeded seating, repeats measured
against the least possible), the tables a game seats (tables.py), standings by
session and overall (standings.py), and the prize split (prizes.py).  Pure: the store
(`store/tournaments.py`) reads and writes, these compute."""
