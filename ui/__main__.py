"""`python -m ui`: open the desktop app."""

from .start import main

raise SystemExit(main())
