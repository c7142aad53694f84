"""The score on every phone in the room (`scorekeeper serve`, the window's Show on
phones): read-only web pages of a night, a league's night and its standings, served
by the laptop that keeps the score.

- `pages` reads each page through the store functions the window reads (a night as
  `night_as_stored` gives it, scored by `score_night`; a league's night by
  `store.board.board_of`; standings by `store.league.standings`) and writes it as
  HTML, every name and note escaped;
- `feed` hears that something changed (PostgreSQL's notifications, else polling the
  store's change token) and counts versions;
- `server` serves the pages (Starlette on uvicorn), behind a token in every address,
  and pushes each page again to the phones that show it (Server-Sent Events) when
  the feed moves on.
"""
