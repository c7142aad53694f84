"""`python -m ui`: open the desktop app."""

from .app import main

raise SystemExit(main())
