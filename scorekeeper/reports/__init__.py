"""Reports: the numbers (data.py) and their layout on paper (render.py, reportlab)."""
