"""Money as people write it: whole cents in, "$1.25" or "-$0.50" out."""


def dollars(cents: int) -> str:
    """'$1.25', '-$0.50', '$0.00': never through a float."""
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    return f"{sign}${whole}.{part:02d}"
