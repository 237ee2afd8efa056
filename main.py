"""Start Contack: `python main.py [FILE]` (FILE, a game record, is for later use)."""

import sys

from game.app import main

if __name__ == "__main__":
    sys.exit(main())
