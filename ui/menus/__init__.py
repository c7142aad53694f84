"""The night screen's menus: what each item does, in a module a menu (files.py: File;
edit.py: Edit; night.py: Night; windows.py: the league's windows, Help and the
preferences), each a function of the window as `screen.NightScreen` describes it; and
table.py, where every item is declared once and the menu bar built from it."""
