"""The frozen app's command line (packaging/sheepshead-scorekeeper.spec): `scorekeeper`."""

from scorekeeper.cli import main

raise SystemExit(main())
