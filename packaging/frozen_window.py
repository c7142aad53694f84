"""The frozen app's window (packaging/sheepshead-scorekeeper.spec): the installed app."""

from sheepshead_scorekeeper.start import main

raise SystemExit(main())
