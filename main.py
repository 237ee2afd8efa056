"""Start Contack: `python main.py [FILE]`; FILE, a game record, is resumed or replayed."""

import sys

from game.launch import main

if __name__ == "__main__":
    sys.exit(main())
