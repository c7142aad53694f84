"""The league window (`ui.league.window.LeagueWindow`, Ctrl+L), a module for each part:
the period chosen at the top (`period`), each tab (`standings_tab`, `player_tab` with
its balance `chart`, `money_tab`, `table_tab`, `roster_tab`), their table `models`, what the tabs
share (`widgets`: table views, date fields, the problem line), and where the window
opens (`placement`).  It writes only through `ui.league_session.LeagueSession`."""
