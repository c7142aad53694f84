"""`python -m ui`: open the desktop app."""

from ui.app import main

raise SystemExit(main())
