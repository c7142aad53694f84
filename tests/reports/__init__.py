"""Tests of the PDF reports, read back with a PDF library."""
