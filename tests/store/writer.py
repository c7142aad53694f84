"""A separate process that records hands one transaction at a time.

    python -m tests.store.writer URL NIGHT_ID COUNT PICKER

After each hand is committed it prints "recorded HAND_ID" and flushes, so a parent that
reads the line knows that hand is safe.  Used by the kill and concurrency tests.
"""

import sys

from scorekeeper.store import hand_writes
from scorekeeper.store.database import open_database


def main() -> None:
    url, night_id, count, picker = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    db = open_database(url)
    print("ready", flush=True)
    for n in range(count):
        points = 61 + n % 60
        hand = {
            "type": "pick",
            "picker": picker,
            "partners": [],
            "points": points,
            "tricks": 6 if points == 120 else 3,
            "note": f"{picker} {n}",
        }
        hand_id = hand_writes.record_hand(db, night_id=night_id, hand=hand)
        print(f"recorded {hand_id}", flush=True)


if __name__ == "__main__":
    main()
